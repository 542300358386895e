/// Whether the environment names a UTF-8 locale: the first of LC_ALL, LC_CTYPE and LANG that is
/// set and not empty decides, as the C library reads them. The one rule the screen, the reports,
/// `cotside calc` and the curses set-up share for "may we draw beyond ASCII".
public enum LocaleCharset {
    public static func namesUTF8(_ environment: [String: String]) -> Bool {
        let value = ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? ""
        return value.lowercased().contains("utf-8") || value.lowercased().contains("utf8")
    }
}
