import Foundation
import QuickActions

/// The allocations per request each hot path may make, from one JSON file: an object whose
/// keys are the paths' names (`Scenario.name`) and whose values are whole numbers.
struct AllocationThresholds {
    /// A measurement against its threshold.
    enum Verdict: Equatable {
        /// The count is the threshold.
        case holds
        /// More allocations than the threshold: a change added some.
        case above(threshold: Int)
        /// Fewer: the threshold no longer guards the path (an added allocation would pass).
        case below(threshold: Int)
        /// The file has no threshold for the path.
        case missing
    }

    /// Where the file is.
    let path: String
    /// The thresholds by path name.
    let values: [String: Int]

    /// Reads the file at `path`.
    static func load(path: String) throws -> AllocationThresholds {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        guard let object = try JSONParser.parse(bytes).objectValue else {
            throw AllocationThresholdsError(description: "\(path) must hold a JSON object")
        }
        var values: [String: Int] = [:]
        for (name, value) in object {
            guard case .integer(let threshold) = value, threshold >= 0 else {
                throw AllocationThresholdsError(description: "\(path): the threshold of \"\(name)\" must be a whole number, 0 or more")
            }
            values[name] = Int(threshold)
        }
        return AllocationThresholds(path: path, values: values)
    }

    /// Whether `measurement` keeps to its path's threshold. Counts are exact (see
    /// `Scenario.settleMicroseconds`), so a threshold is the count itself: one allocation more
    /// fails, and so does one fewer, so that the file is tightened with every gain and the next
    /// allocation added cannot hide in the slack.
    func verdict(for measurement: Measurement) -> Verdict {
        guard let threshold = values[measurement.scenario.name] else { return .missing }
        let measured = measurement.allocationsPerRequest
        if measured > threshold { return .above(threshold: threshold) }
        // A write's count (every thread's) moves by part of an allocation per request with the
        // machine's timing (what the process's other threads do meanwhile: 172.5 on a quiet
        // machine, 171.9 with another build running). One below its threshold holds too, so a
        // write's threshold is the higher count seen, and one allocation more still fails.
        let slack = measurement.scenario.threads == .all ? 1 : 0
        if measured < threshold - slack { return .below(threshold: threshold) }
        return .holds
    }

    /// The file's text for `measurements`: one line per path, in the order measured.
    static func text(for measurements: [Measurement]) -> String {
        let lines = measurements.map { measurement in
            var line: [UInt8] = []
            JSONWriter.writeString(measurement.scenario.name, to: &line)
            return "  " + String(decoding: line, as: UTF8.self) + ": \(measurement.allocationsPerRequest)"
        }
        return "{\n" + lines.joined(separator: ",\n") + "\n}\n"
    }
}

/// The thresholds file cannot be used.
struct AllocationThresholdsError: Error, CustomStringConvertible {
    let description: String
}
