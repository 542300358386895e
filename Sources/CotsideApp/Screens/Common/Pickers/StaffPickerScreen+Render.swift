import Foundation
import TerminalUI
import WardStore

/// Drawing the picker: a box over the content area, or as the lock screen the whole terminal
/// blanked first, holding only the ward's name, the clock, who is signed in and the PIN field
/// (or the staff list when someone else signs in). A PIN is never drawn: one bullet a character.
extension StaffPickerScreen {
    func render(in area: Rect, into buffer: inout Buffer, _ context: AppContext) {
        if let member = lockedMember {
            renderLock(of: member, in: area, into: &buffer, context)
        } else {
            renderPicker(in: area, into: &buffer, context)
        }
    }

    private func renderPicker(in area: Rect, into buffer: inout Buffer, _ context: AppContext) {
        buffer.fill(area)
        let box = area.centered(width: min(area.width - 2, 70), height: min(area.height, 18))
        let inner = buffer.box(box, glyphs: context.glyphs, role: .border, title: context.t("staff.picker.title"))
        let parts = Layout.vertical([.length(1), .length(1), .fill, .length(1)]).split(inner.inset(left: 1, right: 1))
        if step == .choose {
            buffer.put(context.t("staff.picker.prompt") + filter + "_", in: parts[0], role: .input)
            renderList(in: parts[2], into: &buffer, context)
        } else {
            let body = Rect(x: parts[0].x, y: parts[0].y, width: parts[0].width, height: parts[2].maxY - parts[0].y)
            renderPinLines(in: body, into: &buffer, context)
        }
        buffer.put(hint(context), in: parts[3], role: .muted, ellipsis: context.glyphs.ellipsis)
    }

    private func renderLock(of member: Staff, in area: Rect, into buffer: inout Buffer, _ context: AppContext) {
        // Every cell is written: nothing of the tabs below can show through.
        buffer.fill(area)
        let height = step == .choose ? min(area.height - 2, 20) : 12
        let box = area.centered(width: min(area.width - 4, 72), height: height)
        let inner = buffer.box(box, glyphs: context.glyphs, role: .border, title: context.t("lock.title"))
        let parts = Layout.vertical([.length(1), .length(1), .length(1), .length(1), .fill, .length(1)])
            .split(inner.inset(left: 1, right: 1))
        buffer.put(context.wardName, in: parts[0], role: .header, ellipsis: context.glyphs.ellipsis)
        buffer.put(context.timeText.dayAndTime(context.clock.now), in: parts[0], role: .header, alignment: .right)
        buffer.put(context.t("lock.signed_in", member.name, member.initials), in: parts[2], ellipsis: context.glyphs.ellipsis)
        if step == .choose {
            let rows = Layout.vertical([.length(1), .length(1), .fill]).split(parts[4])
            buffer.put(context.t("lock.choose_prompt") + filter + "_", in: rows[0], role: .input)
            renderList(in: rows[2], into: &buffer, context)
        } else {
            renderPinLines(in: parts[4], into: &buffer, context)
        }
        buffer.put(hint(context), in: parts[5], role: .muted, ellipsis: context.glyphs.ellipsis)
    }

    private func renderList(in rect: Rect, into buffer: inout Buffer, _ context: AppContext) {
        visibleRows = max(1, rect.height)
        guard loaded else {
            buffer.put(context.t("ward.loading"), in: rect.row(0), role: .muted)
            return
        }
        let format = WardFormat(context)
        let view = ListView(source: ArrayDataSource(rows), state: list, glyphs: context.glyphs) { row in
            guard let row else { return ListItem("+ " + context.t("staff.picker.add_first"), role: .info) }
            return ListItem("\(TextWidth.fit(row.initials, to: 5)) \(row.name) — \(format.role(row.role))")
        }
        view.render(in: rect, into: &buffer)
        // A ward in use: nobody adds themselves (a ward admin adds staff), so say whom to ask.
        if lockedMember == nil, !canAddMyself, matches.count + 1 < rect.height {
            buffer.put(context.t("staff.picker.ask_admin"), in: rect.row(matches.count + 1), role: .muted,
                       ellipsis: context.glyphs.ellipsis)
        }
    }

    /// Whose PIN, the masked field, and what the last try found.
    private func renderPinLines(in rect: Rect, into buffer: inout Buffer, _ context: AppContext) {
        let ellipsis = context.glyphs.ellipsis
        var lines: [(String, StyleRole)] = []
        switch step {
        case .choose:
            return
        case .pin(let member) where !asksForPin(context):
            lines = [(context.t("lock.continue_as", member.name, member.initials), .normal)]
        case .pin(let member):
            if member.id != lockedMember?.id {
                lines = [(context.t("signin.as", member.name, member.initials), .normal), ("", .normal)]
            }
            lines.append((context.t("signin.pin_field") + entry.masked(context.glyphs), .input))
        case .newPin(let member, let first):
            // The rules for a new PIN are read once, in full: wrapped, never cut at the box's edge.
            let width = max(1, rect.width)
            lines = first == nil
                ? TextWrap.wrap(context.t("signin.new_pin", member.name, member.initials), width: width).map { ($0, .normal) }
                    + [("", .normal), (context.t("signin.new_pin_field") + entry.masked(context.glyphs), .input)]
                : [(context.t("signin.new_pin_again"), .normal), ("", .normal),
                   (context.t("signin.new_pin_again_field") + entry.masked(context.glyphs), .input)]
        }
        if let note {
            let (text, role) = noteLine(note, context)
            lines.append(("", .normal))
            lines += TextWrap.wrap(text, width: max(1, rect.width)).map { ($0, role) }
        }
        for (index, line) in lines.enumerated() where index < rect.height {
            buffer.put(line.0, in: rect.row(index), role: line.1, ellipsis: ellipsis)
        }
    }

    private func noteLine(_ note: Note, _ context: AppContext) -> (String, StyleRole) {
        switch note {
        case .checking:
            return (context.t("signin.checking"), .muted)
        case .wrong(let remaining):
            return (context.t(remaining == 1 ? "signin.wrong_one" : "signin.wrong", remaining, Int(PinLockout.duration / 60)), .warning)
        case .lockedOut(let member, let until):
            return (context.t("signin.locked_out", member.initials, PinLockout.attempts, context.timeText.clock(until, now: context.clock.now)), .danger)
        case .issue(let text):
            return (text, .warning)
        }
    }

    private func hint(_ context: AppContext) -> String {
        switch step {
        case .choose where lockedMember != nil:
            return context.t("lock.hint_choose")
        case .choose:
            return canAddMyself || (loaded && staff.isEmpty) ? context.t("staff.picker.hint_first") : context.t("staff.picker.hint")
        case .pin(let member) where member.id == lockedMember?.id:
            return context.t(asksForPin(context) ? "lock.hint" : "lock.hint_no_pin")
        case .pin:
            return context.t(lockedMember == nil ? "signin.hint_pin" : "lock.hint_other")
        case .newPin:
            return context.t("signin.hint_new_pin")
        }
    }
}
