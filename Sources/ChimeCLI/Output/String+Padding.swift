import Chime

extension String {
    /// The text padded with spaces to `width` columns (two spaces after it when it is as wide or
    /// wider): the columns of the commands' human output (`FireRow`).
    func padding(to width: Int) -> String {
        count >= width ? self + "  " : self + String(repeating: " ", count: width - count)
    }

    /// Text from outside (an identifier) padded as `padding(to:)` pads it once its control
    /// characters are written out (`ControlCharacters`): padded by the width it will show, not by
    /// the characters it holds, so that the next column still lines up.
    func escapedPadding(to width: Int) -> String {
        ControlCharacters.escaped(self).padding(to: width)
    }

    /// The columns the text takes once its control characters are written out.
    var escapedWidth: Int { ControlCharacters.escaped(self).count }
}
