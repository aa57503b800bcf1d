extension String {
    /// The text padded with spaces to `width` columns (two spaces after it when it is as wide or
    /// wider): the columns of the commands' human output (`FireRow`).
    func padding(to width: Int) -> String {
        count >= width ? self + "  " : self + String(repeating: " ", count: width - count)
    }
}
