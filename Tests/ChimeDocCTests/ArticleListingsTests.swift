import Foundation
import Testing

/// The DocC articles' code cannot rot: every ```swift listing of an article `Name.md` in the two
/// catalogs must appear, line for line, in `NameSnippets.swift` next to this file, where it is
/// compiled and run with its values checked. Lines are compared without their indentation (a
/// listing sits inside a test function there); an `import` line only has to be among the file's
/// imports. Every code fence in an article names its language, so no Swift listing escapes the
/// check by leaving it out.
@Suite struct ArticleListingsTests {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let catalogs = ["Sources/Chime/Chime.docc", "Sources/ChimeFoundation/ChimeFoundation.docc"]
    /// Fence languages that are not Swift and are left alone.
    static let otherLanguages: Set<String> = ["sh", "shell", "json", "text"]

    struct Listing {
        let article: String
        let line: Int          // 1-based line of the opening fence
        let lines: [String]
    }

    /// The fenced listings of an article, with their language.
    static func listings(in article: URL) throws -> [(language: String, listing: Listing)] {
        let text = try String(contentsOf: article, encoding: .utf8)
        var result: [(String, Listing)] = []
        var open: (language: String, line: Int, lines: [String])?
        for (index, line) in text.components(separatedBy: "\n").enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if var current = open {
                if trimmed == "```" {
                    result.append((current.language, Listing(article: article.lastPathComponent, line: current.line, lines: current.lines)))
                    open = nil
                } else {
                    current.lines.append(line)
                    open = current
                }
            } else if trimmed.hasPrefix("```") {
                open = (String(trimmed.dropFirst(3)).trimmingCharacters(in: .whitespaces), index + 1, [])
            }
        }
        #expect(open == nil, "\(article.lastPathComponent): a code fence opened on line \(open?.line ?? 0) is never closed")
        return result
    }

    static func articles() throws -> [URL] {
        try catalogs.flatMap { catalog in
            try FileManager.default.contentsOfDirectory(at: packageRoot.appendingPathComponent(catalog), includingPropertiesForKeys: nil)
                .filter { $0.pathExtension == "md" }
        }.sorted { $0.path < $1.path }
    }

    static func normalized(_ line: String) -> String { line.trimmingCharacters(in: .whitespaces) }

    @Test func everyFenceNamesItsLanguage() throws {
        for article in try Self.articles() {
            for (language, listing) in try Self.listings(in: article) where language != "swift" {
                #expect(Self.otherLanguages.contains(language),
                        "\(listing.article):\(listing.line): a code fence needs a language (swift listings are compiled by ChimeDocCTests)")
            }
        }
    }

    @Test func everySwiftListingIsCompiledByASnippetTest() throws {
        var checked = 0
        var articlesWithListings: Set<String> = []
        for article in try Self.articles() {
            let swift = try Self.listings(in: article).filter { $0.language == "swift" }.map(\.listing)
            guard !swift.isEmpty else { continue }
            let stem = article.deletingPathExtension().lastPathComponent
            articlesWithListings.insert(stem)
            let snippets = Self.packageRoot.appendingPathComponent("Tests/ChimeDocCTests/\(stem)Snippets.swift")
            guard let source = try? String(contentsOf: snippets, encoding: .utf8) else {
                Issue.record("\(article.lastPathComponent) has Swift listings but there is no \(snippets.lastPathComponent) to compile them")
                continue
            }
            let fileLines = source.components(separatedBy: "\n").map(Self.normalized)
            for listing in swift {
                var lines = listing.lines.map(Self.normalized)
                for importLine in lines where importLine.hasPrefix("import ") {
                    #expect(fileLines.contains(importLine), "\(listing.article):\(listing.line): '\(importLine)' is not among \(snippets.lastPathComponent)'s imports")
                }
                lines.removeAll { $0.hasPrefix("import ") }
                while lines.first == "" { lines.removeFirst() }
                while lines.last == "" { lines.removeLast() }
                guard !lines.isEmpty else { continue }
                let found = fileLines.indices.contains { start in
                    start + lines.count <= fileLines.count && Array(fileLines[start..<start + lines.count]) == lines
                }
                if !found {
                    // Say which line differs: the longest prefix of the listing found anywhere.
                    var longest = 0
                    for start in fileLines.indices {
                        var n = 0
                        while n < lines.count, start + n < fileLines.count, fileLines[start + n] == lines[n] { n += 1 }
                        longest = max(longest, n)
                    }
                    Issue.record("""
                        \(listing.article):\(listing.line): the listing is not in \(snippets.lastPathComponent) as written; \
                        its line \(longest + 1) differs: \(lines[min(longest, lines.count - 1)])
                        """)
                }
                checked += 1
            }
        }
        // The check must have something to check: the catalogs' articles with code.
        #expect(articlesWithListings.isSuperset(of: ["Chime", "GettingStarted", "EmbeddingInAServer", "ChimeFoundation"]))
        #expect(checked >= 20, "only \(checked) Swift listings found in the catalogs")
    }
}
