import Foundation
import TerminalUI
import WardStore
import XCTest
@testable import CotsideApp

/// Every case of a screen's typed actions is reachable: bound to a key in its own bindings (in
/// at least one of its views: the drug round and a patient's list bind different keys), so
/// the function bar, the help overlay and the palette show it. (That every bound case is handled
/// the compiler proves: `perform(_: Action)` switches without a default.)
@MainActor
final class ActionBindingTests: WardTestCase {
    func testEveryActionOfEveryTabAndOverlayIsBoundToAKey() async throws {
        let nurse = try await addStaff("Nia Nurse", "NN")
        let ada = try await admit(bed: "3", given: "Ada", family: "Lovelace")
        try await logNappy(ada, .wet, minutesAgo: 30)
        try await startShell()
        await signIn(nurse)
        var unboundByScreen: [String: Set<String>] = [:]
        func check(_ screen: any Screen) {
            guard let typed = screen as? any ActionScreen else { return }
            let name = String(describing: Swift.type(of: screen))
            let unbound = Set(unboundActions(of: typed))
            unboundByScreen[name] = unboundByScreen[name].map { $0.intersection(unbound) } ?? unbound
        }
        for tab in Tab.allCases {
            shell.perform(.tab(tab))
            await shell.settle()
            check(shell.front)
        }
        shell.perform(.tab(.medications))
        await shell.settle()
        await press(.char("v"))  // the Medications tab's other view: one patient's list
        check(shell.front)
        shell.perform(.tab(.dashboard))
        for opener: Key in ["n", "p", "s", "a", "?", ":"].map({ Key.char(Character($0)) }) {
            await press(opener)
            check(shell.front)
            while !shell.stack.isEmpty { shell.perform(.forceBack) }
        }
        // The audit trail: an entry's record trail (`a` in History), the ward's trail and its filter.
        shell.perform(.tab(.history))
        await shell.settle()
        await press(.char("a"))
        XCTAssertTrue(shell.front is RecordTrailScreen)
        check(shell.front)
        shell.perform(.auditTrail)
        await shell.settle()
        XCTAssertTrue(shell.front is AuditTrailScreen)
        check(shell.front)
        await press(.char("f"))
        check(shell.front)
        while !shell.stack.isEmpty { shell.perform(.forceBack) }
        shell.perform(.staff)  // palette only
        await shell.settle()
        check(shell.front)
        await press(.char("n"))
        check(shell.front)
        while !shell.stack.isEmpty { shell.perform(.forceBack) }
        XCTAssertGreaterThanOrEqual(unboundByScreen.count, 11, "screens checked: \(unboundByScreen.keys.sorted())")
        XCTAssertNotNil(unboundByScreen["StaffScreen"])
        XCTAssertEqual(unboundByScreen.filter { !$0.value.isEmpty }, [:], "actions no key reaches")
    }

    private func unboundActions<S: ActionScreen>(of screen: S) -> [String] {
        let bound = Set(screen.bindings(shell.context).map(\.action))
        return S.Action.allCases.filter { !bound.contains($0) }.map(\.rawValue)
    }
}
