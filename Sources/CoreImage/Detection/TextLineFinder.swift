import Foundation

/// A box in a `GreyImage`'s pixels (x right, y down; `maxX`/`maxY` exclusive).
struct PixelBox: Equatable {
    var minX, minY, maxX, maxY: Int
    var width: Int { maxX - minX }
    var height: Int { maxY - minY }

    func union(_ other: PixelBox) -> PixelBox {
        PixelBox(minX: min(minX, other.minX), minY: min(minY, other.minY), maxX: max(maxX, other.maxX), maxY: max(maxY, other.maxY))
    }

    /// Overlap area over the smaller box's area (1 when one holds the other).
    func overlap(_ other: PixelBox) -> Double {
        let w = min(maxX, other.maxX) - max(minX, other.minX), h = min(maxY, other.maxY) - max(minY, other.minY)
        guard w > 0, h > 0 else { return 0 }
        return Double(w * h) / Double(min(width * height, other.width * other.height))
    }
}

/// A candidate line of text: its box and its characters' boxes left to right (either polarity: the reader tells
/// text from background by the cut's margin).
struct TextLineCandidate {
    var box: PixelBox
    var characters: [PixelBox]
}

/// Candidate text lines in a grey image, by a classical method (Docs/CoreImage.md): characters are small shapes
/// that contrast with their immediate surroundings, so a morphological top-hat (the image minus its opening, for
/// light text; its closing minus the image, for dark text) with a window larger than a stroke keeps them and drops
/// smooth regions; its strong responses are split into connected components, those shaped like characters
/// (height, aspect, fill) are kept, and components of similar height, aligned and close side by side are joined
/// into lines of at least three. Candidates still include textures that look like writing: `TextLineReader`
/// confirms them.
enum TextLineFinder {
    static func candidates(_ grey: GreyImage) -> [TextLineCandidate] {
        let values = grey.pixels.map(Float.init)
        let window = max(15, min(grey.width, grey.height) / 25)
        var lines: [TextLineCandidate] = []
        for darkText in [false, true] {
            let response = topHat(values, width: grey.width, height: grey.height, window: window, darkText: darkText)
            let components = characterShapes(response, width: grey.width, height: grey.height)
            lines += joinIntoLines(components).map { TextLineCandidate(box: $0.reduce($0[0]) { $0.union($1) }, characters: $0) }
        }
        return lines
    }

    /// Light text: image − opening; dark text: closing − image (square window, separable).
    static func topHat(_ values: [Float], width: Int, height: Int, window: Int, darkText: Bool) -> [Float] {
        let first: (Float, Float) -> Float = darkText ? { max($0, $1) } : { min($0, $1) }
        let second: (Float, Float) -> Float = darkText ? { min($0, $1) } : { max($0, $1) }
        var filtered = RunFilter.apply(values, width: width, height: height, window: window, first)
        filtered = RunFilter.apply(filtered, width: width, height: height, window: window, second)
        return zip(values, filtered).map { darkText ? $1 - $0 : $0 - $1 }
    }

    /// Components of the strong top-hat responses that are shaped like characters.
    static func characterShapes(_ response: [Float], width: Int, height: Int) -> [PixelBox] {
        let sorted = response.sorted()
        let threshold = max(40, sorted[min(sorted.count - 1, sorted.count * 99 / 100)] * 0.5)
        let mask = response.map { $0 > threshold }
        let tallest = max(6, min(width, height) / 4)
        return ConnectedComponents.boxes(mask, width: width, height: height, limit: 20_000).compactMap { box, area in
            let fill = Double(area) / Double(box.width * box.height)
            guard box.height >= 6, box.height <= tallest, box.width <= tallest,
                  Double(box.width) <= 2.5 * Double(box.height), fill >= 0.1, fill <= 0.95 else { return nil }
            return box
        }
    }

    /// Characters of similar height (within 1.8×), on one line (centres or bottoms aligned) and at most a
    /// character's height apart, joined (centres, bottoms or tops aligned); groups of three or more, their characters left to right.
    static func joinIntoLines(_ boxes: [PixelBox]) -> [[PixelBox]] {
        let boxes = boxes.sorted { $0.minX < $1.minX }
        var parent = Array(boxes.indices)
        func root(_ i: Int) -> Int {
            var i = i
            while parent[i] != i { parent[i] = parent[parent[i]]; i = parent[i] }
            return i
        }
        for i in boxes.indices {
            let a = boxes[i]
            for j in (i + 1)..<boxes.count {
                let b = boxes[j]
                let tall = max(a.height, b.height)
                if b.minX - a.maxX > tall { if b.minX - a.maxX > 3 * tall { break } else { continue } }
                guard tall * 10 <= 18 * min(a.height, b.height) else { continue }
                let centres = abs((a.minY + a.maxY) - (b.minY + b.maxY))  // twice the distance
                // Centres, bottoms (baseline) or tops (x-height, past a descender) aligned.
                guard Double(centres) <= 0.8 * Double(tall) || Double(abs(a.maxY - b.maxY)) <= 0.2 * Double(tall)
                        || Double(abs(a.minY - b.minY)) <= 0.2 * Double(tall) else { continue }
                parent[root(i)] = root(j)
            }
        }
        var groups: [Int: [PixelBox]] = [:]
        for i in boxes.indices { groups[root(i), default: []].append(boxes[i]) }
        return groups.values.filter { $0.count >= 3 }.map { $0.sorted { $0.minX < $1.minX } }.sorted { ($0[0].minY, $0[0].minX) < ($1[0].minY, $1[0].minX) }
    }
}

/// Running minimum or maximum over a square window, separable, in constant time per pixel whatever the window
/// (van Herk / Gil–Werman: prefix and suffix extremes within blocks of the window's length).
enum RunFilter {
    static func apply(_ values: [Float], width: Int, height: Int, window: Int, _ pick: (Float, Float) -> Float) -> [Float] {
        let rows = lines(values, count: height, length: width, stride: 1, step: width, window: window, pick)
        return lines(rows, count: width, length: height, stride: width, step: 1, window: window, pick)
    }

    /// Filters `count` lines of `length` values (element i of line l at l × step + i × stride).
    private static func lines(_ values: [Float], count: Int, length: Int, stride: Int, step: Int, window: Int,
                              _ pick: (Float, Float) -> Float) -> [Float] {
        var out = values
        let half = window / 2, window = 2 * half + 1  // odd: an interior window spans exactly one block boundary
        var prefix = [Float](repeating: 0, count: length), suffix = [Float](repeating: 0, count: length)
        values.withUnsafeBufferPointer { v in
            out.withUnsafeMutableBufferPointer { o in
                for line in 0..<count {
                    let base = line * step
                    for i in 0..<length {
                        let x = v[base + i * stride]
                        prefix[i] = i % window == 0 ? x : pick(prefix[i - 1], x)
                    }
                    for i in Swift.stride(from: length - 1, through: 0, by: -1) {
                        let x = v[base + i * stride]
                        suffix[i] = (i % window == window - 1 || i == length - 1) ? x : pick(suffix[i + 1], x)
                    }
                    for i in 0..<length {
                        let lo = max(0, i - half), hi = min(length - 1, i + half)
                        if hi - lo + 1 == window {
                            o[base + i * stride] = pick(suffix[lo], prefix[hi])
                        } else {  // clipped at an end of the line: the short window directly
                            var m = v[base + lo * stride]
                            for j in lo...hi { m = pick(m, v[base + j * stride]) }
                            o[base + i * stride] = m
                        }
                    }
                }
            }
        }
        return out
    }
}

/// 8-connected components of a mask, for the text and rectangle finders.
enum ConnectedComponents {
    /// Calls `body` with each component's pixels (indices y × width + x, in the order a depth-first walk meets
    /// them), at most `limit` components (the rest of a pathological mask is ignored).
    static func forEach(_ mask: [Bool], width: Int, height: Int, limit: Int = .max, _ body: ([Int]) -> Void) {
        var seen = [Bool](repeating: false, count: mask.count)
        var stack: [Int] = [], pixels: [Int] = []
        var count = 0
        for start in mask.indices where mask[start] && !seen[start] {
            guard count < limit else { break }
            count += 1
            seen[start] = true
            stack.append(start)
            pixels.removeAll(keepingCapacity: true)
            while let p = stack.popLast() {
                pixels.append(p)
                let x = p % width, y = p / width
                for dy in -1...1 where y + dy >= 0 && y + dy < height {
                    for dx in -1...1 where x + dx >= 0 && x + dx < width {
                        let q = p + dy * width + dx
                        if mask[q] && !seen[q] { seen[q] = true; stack.append(q) }
                    }
                }
            }
            body(pixels)
        }
    }

    /// Each component's box and pixel count.
    static func boxes(_ mask: [Bool], width: Int, height: Int, limit: Int) -> [(PixelBox, Int)] {
        var found: [(PixelBox, Int)] = []
        forEach(mask, width: width, height: height, limit: limit) { pixels in
            var box = PixelBox(minX: pixels[0] % width, minY: pixels[0] / width, maxX: pixels[0] % width + 1, maxY: pixels[0] / width + 1)
            for p in pixels { box = box.union(PixelBox(minX: p % width, minY: p / width, maxX: p % width + 1, maxY: p / width + 1)) }
            found.append((box, pixels.count))
        }
        return found
    }
}
