/// An Android vector drawable (`res/drawable/*.xml`, `<vector>`) for a shortcut icon, drawn from
/// an SVG glyph on a 24 x 24 grid: the glyph centred on a light disc, 48 dp, as Android's
/// guidelines draw shortcut icons. Android draws the same strokes as the SVG (a 1.7 wide round
/// stroke, and a fill where the glyph says `fill="currentColor"`), in one dark grey: shortcut
/// icons cannot be tinted.
enum AndroidVectorDrawable {
    /// The glyph's colour.
    static let glyphColor = "#FF3C4043"
    /// The disc's colour.
    static let discColor = "#FFF1F3F4"
    /// The glyphs' stroke width, as the preview draws them.
    static let strokeWidth = "1.7"

    /// The drawable for the SVG elements in `glyph`: `<path d>`, `<circle cx cy r>` and
    /// `<rect x y width height rx>`, each optionally `fill="currentColor"`. Anything else is
    /// refused (there is no Android form for it here).
    static func xml(glyph: String) throws(AndroidText.Failure) -> String {
        let root: XMLElement
        do {
            root = try XMLReader.parse(Array("<g>\(glyph)</g>".utf8))
        } catch {
            throw AndroidText.Failure(reason: "is not SVG markup (\(error.reason))")
        }
        var paths: [String] = []
        for element in root.elements {
            func number(_ name: String) throws(AndroidText.Failure) -> Double {
                guard let text = element.attribute(name)?.value, let value = Double(text), value.isFinite else {
                    throw AndroidText.Failure(reason: "has a <\(element.name.localName)> without a numeric \(name)")
                }
                return value
            }
            let data: String
            switch element.name.localName {
            case "path":
                guard let d = element.attribute("d")?.value, !d.isEmpty, d.utf8.allSatisfy(Self.isPathDataByte) else {
                    throw AndroidText.Failure(reason: "has a <path> without usable path data")
                }
                data = d
            case "circle":
                let (cx, cy, r) = (try number("cx"), try number("cy"), try number("r"))
                data = "M\(text(cx - r)),\(text(cy))a\(text(r)),\(text(r)) 0 1,0 \(text(2 * r)),0a\(text(r)),\(text(r)) 0 1,0 \(text(-2 * r)),0z"
            case "rect":
                let (x, y, width, height) = (try number("x"), try number("y"), try number("width"), try number("height"))
                let radius = min(element.attribute("rx").flatMap { Double($0.value) } ?? 0, width / 2, height / 2)
                data = roundedRectangle(x: x, y: y, width: width, height: height, radius: radius)
            default:
                throw AndroidText.Failure(reason: "has a <\(element.name.localName)>, which is not drawn here (path, circle and rect are)")
            }
            let filled = element.attribute("fill")?.value == "currentColor"
            let fill = filled ? " android:fillColor=\"\(glyphColor)\"" : ""
            paths.append(
                "        <path android:pathData=\"\(data)\"\(fill) android:strokeColor=\"\(glyphColor)\" android:strokeWidth=\"\(strokeWidth)\""
                    + " android:strokeLineCap=\"round\" android:strokeLineJoin=\"round\"/>")
        }
        guard !paths.isEmpty else { throw AndroidText.Failure(reason: "draws nothing") }
        return """
            <vector xmlns:android="\(AndroidText.androidNamespace)"
                android:width="48dp" android:height="48dp" android:viewportWidth="48" android:viewportHeight="48">
                <path android:pathData="M24,2a22,22 0 1,0 0,44a22,22 0 1,0 0,-44z" android:fillColor="\(discColor)"/>
                <group android:translateX="12" android:translateY="12">
            \(paths.joined(separator: "\n"))
                </group>
            </vector>

            """
    }

    /// Path data of SVG's path grammar only: commands, numbers, separators.
    static func isPathDataByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || " ,.-+eE\t\n".utf8.contains(byte) || "MmLlHhVvCcSsQqTtAaZz".utf8.contains(byte)
    }

    static func roundedRectangle(x: Double, y: Double, width: Double, height: Double, radius r: Double) -> String {
        guard r > 0 else { return "M\(text(x)),\(text(y))h\(text(width))v\(text(height))h\(text(-width))z" }
        return "M\(text(x + r)),\(text(y))h\(text(width - 2 * r))a\(text(r)),\(text(r)) 0 0,1 \(text(r)),\(text(r))"
            + "v\(text(height - 2 * r))a\(text(r)),\(text(r)) 0 0,1 \(text(-r)),\(text(r))"
            + "h\(text(-(width - 2 * r)))a\(text(r)),\(text(r)) 0 0,1 \(text(-r)),\(text(-r))"
            + "v\(text(-(height - 2 * r)))a\(text(r)),\(text(r)) 0 0,1 \(text(r)),\(text(-r))z"
    }

    /// A coordinate, without a trailing `.0`.
    static func text(_ value: Double) -> String {
        let rounded = (value * 1000).rounded() / 1000
        return rounded == rounded.rounded() ? String(Int(rounded)) : "\(rounded)"
    }
}
