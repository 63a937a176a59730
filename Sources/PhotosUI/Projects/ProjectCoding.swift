import Foundation

/// The project classes keep the core's value they wrap and archive it as JSON under one key, so they cross a
/// process boundary (a project extension's sandbox) through `NSKeyedArchiver` whole.
enum ProjectCoding {
    static let key = "org.photokit-linux.project"

    static func encode<T: Encodable>(_ value: T, with coder: NSCoder) {
        if let data = try? JSONEncoder().encode(value) { coder.encode(data as NSData, forKey: key) }
    }

    static func decode<T: Decodable>(_ type: T.Type, from coder: NSCoder) -> T? {
        guard let data = coder.decodeObject(of: NSData.self, forKey: key) else { return nil }
        return try? JSONDecoder().decode(type, from: data as Data)
    }
}
