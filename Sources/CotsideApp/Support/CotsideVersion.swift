/// The version printed by `--version` and the About screen.
public enum CotsideVersion {
    public static let string = "0.1.0"
}
