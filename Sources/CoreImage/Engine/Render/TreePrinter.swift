import Foundation

/// What `CI_PRINT_TREE` asks for: flags 1 (the recipe as built), 2 (after colour management and
/// optimization), 4 (the program graph: fused passes and intermediates; the 2016 value 8 means the same),
/// 7 all three; option words `dot`/`graphviz` write Graphviz files instead of text.
package struct TreePrintRequest: Sendable {
    package var flags: Int
    package var graphviz: Bool
    /// Where text goes (`CI_LOG_FILE`: stderr, stdout, or a path). Graphviz files go to the temporary directory.
    package var logFile: String

    package static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> TreePrintRequest? {
        guard let value = environment["CI_PRINT_TREE"], !value.isEmpty else { return nil }
        let words = value.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
        var flags = Int(words.first ?? "") ?? 0
        if flags & 8 != 0 { flags |= 4 }
        guard flags & 7 != 0 else { return nil }
        let graphviz = words.contains { ["dot", "graphviz", "pdf", "png"].contains($0) }
        return TreePrintRequest(flags: flags, graphviz: graphviz, logFile: environment["CI_LOG_FILE"] ?? "stderr")
    }
}

/// Prints image graphs and program graphs, read bottom to top as in Core Image: inputs are printed below the
/// node that reads them, indented one step further.
package enum TreePrinter {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var counter = 0

    package static func print(_ schedule: Schedule, request: TreePrintRequest, settings: RenderSettings) {
        lock.lock(); defer { lock.unlock() }
        counter += 1
        var sections: [(String, String, String)] = []
        if request.flags & 1 != 0 { sections.append(("initial graph", imageGraph(schedule.recipe), dot(schedule.recipe))) }
        if request.flags & 2 != 0 { sections.append(("optimized graph", imageGraph(schedule.optimized), dot(schedule.optimized))) }
        if request.flags & 4 != 0 { sections.append(("program graph", programGraph(schedule), programDot(schedule))) }
        for (title, text, graph) in sections {
            if request.graphviz {
                let name = "\(settings.contextName)_\(counter)_\(title.replacingOccurrences(of: " ", with: "_")).dot"
                let url = FileManager.default.temporaryDirectory.appendingPathComponent(name)
                try? graph.write(to: url, atomically: true, encoding: .utf8)
                emit("CI_PRINT_TREE: wrote \(url.path)\n", to: request.logFile)
            } else {
                emit("\(settings.contextName) render \(counter) \(schedule.rect): \(title)\n\(text)\n", to: request.logFile)
            }
        }
    }

    private static func emit(_ text: String, to destination: String) {
        switch destination {
        case "stdout": FileHandle.standardOutput.write(Data(text.utf8))
        case "stderr", "oslog": FileHandle.standardError.write(Data(text.utf8))
        default:
            if let handle = FileHandle(forWritingAtPath: destination) ?? {
                _ = FileManager.default.createFile(atPath: destination, contents: nil)
                return FileHandle(forWritingAtPath: destination)
            }() {
                handle.seekToEndOfFile(); handle.write(Data(text.utf8)); handle.closeFile()
            }
        }
    }

    /// One node per line, the output first, inputs indented below it.
    package static func imageGraph(_ root: Image) -> String {
        var lines: [String] = []
        var seen: [ObjectIdentifier: Int] = [:]
        func visit(_ image: Image, _ depth: Int) {
            let indent = String(repeating: "  ", count: depth)
            if let number = seen[ObjectIdentifier(image)] { lines.append("\(indent)(same as #\(number))"); return }
            let number = seen.count
            seen[ObjectIdentifier(image)] = number
            lines.append("\(indent)#\(number) \(describe(image)) extent=\(PixelRect(covering: image.extent))")
            for input in image.inputs { visit(input, depth + 1) }
        }
        visit(root, 0)
        return lines.joined(separator: "\n")
    }

    package static func describe(_ image: Image) -> String {
        switch image.node {
        case .bitmap(let bitmap, let space):
            "bitmap \(bitmap.format) \(bitmap.width)×\(bitmap.height)" + (space.map { " \(ColorSpaces.shortName($0))" } ?? "")
        case .lazy(let source): "file \(source.identity)"
        case .pixel(let kernel, _): "\(kernel.arity == 0 ? "generator" : "color kernel") \(kernel.name)"
        case .area(let kernel, _): "kernel \(kernel.name)(\(kernel.signature))"
        case .reduction(let kernel, _): "reduction \(kernel.name)"
        case .processor(let processor, _): "processor \(processor.name) digest=\(String(image.digest, radix: 16))"
        case .crop(let rect, _): "crop \(rect)"
        case .clamp(let rect, _): "clamp \(rect)"
        case .colorMatch(let match, _): match.description
        case .sampling(let mode, _): mode == .linear ? "samplingLinear" : "samplingNearest"
        case .intermediate(_, let cache): cache ? "intermediate (cached)" : "intermediate"
        case .empty: "empty"
        }
    }

    /// The program graph: one line per pass, inputs below; whole buffers are marked as intermediates.
    package static func programGraph(_ schedule: Schedule) -> String {
        var lines: [String] = []
        var seen = Set<ObjectIdentifier>()
        func visit(_ stage: Stage, _ depth: Int) {
            let indent = String(repeating: "  ", count: depth)
            guard seen.insert(ObjectIdentifier(stage)).inserted else { lines.append("\(indent)(same as #\(stage.number))"); return }
            lines.append("\(indent)#\(stage.number) \(stage.label) roi=\(stage.region)")
            for child in stage.children { visit(child, depth + 1) }
        }
        lines.append("output \(schedule.destination.format)\(schedule.destination.encodeCurve == nil ? "" : " (encode curve fused into the store)") \(schedule.rect)")
        visit(schedule.root, 1)
        return lines.joined(separator: "\n")
    }

    static func dot(_ root: Image) -> String {
        var lines = ["digraph recipe {", "  rankdir=BT; node [shape=box, fontname=Helvetica];"]
        var ids: [ObjectIdentifier: Int] = [:]
        func visit(_ image: Image) -> Int {
            if let id = ids[ObjectIdentifier(image)] { return id }
            let id = ids.count
            ids[ObjectIdentifier(image)] = id
            let color = { () -> String in
                switch image.node {
                case .pixel: "lightpink"
                case .area, .reduction: "lightgreen"
                case .processor, .intermediate: "lightblue"
                default: "white"
                }
            }()
            lines.append("  n\(id) [label=\"\(describe(image).replacingOccurrences(of: "\"", with: "'"))\", style=filled, fillcolor=\(color)];")
            for input in image.inputs { lines.append("  n\(visit(input)) -> n\(id);") }
            return id
        }
        _ = visit(root)
        return (lines + ["}"]).joined(separator: "\n")
    }

    static func programDot(_ schedule: Schedule) -> String {
        var lines = ["digraph program {", "  rankdir=BT; node [shape=box, fontname=Helvetica];"]
        for stage in schedule.stages {
            let whole = stage is MaterializedStage || stage is ProcessorStage || stage is ReductionStage
            lines.append("  s\(stage.number) [label=\"#\(stage.number) \(stage.label.replacingOccurrences(of: "\"", with: "'"))\", style=filled, fillcolor=\(whole ? "lightblue" : "lightpink")];")
            for child in stage.children { lines.append("  s\(child.number) -> s\(stage.number);") }
        }
        return (lines + ["}"]).joined(separator: "\n")
    }
}
