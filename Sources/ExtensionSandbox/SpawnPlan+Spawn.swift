internal import CSandbox
import Foundation

extension SpawnPlan {
    /// A child that exec'd successfully: its pid (also its process-group id) and its output pipes.
    struct Started: Sendable {
        var pid: Int32
        var standardOutput: Int32
        var standardError: Int32
    }

    /// Forks and execs through `csb_spawn`, on the calling thread (which must outlive the child: the child
    /// is SIGKILLed when it exits). Every C string lives until the exec has succeeded or failed.
    func spawn() -> Result<Started, SandboxError> {
        var owned: [UnsafeMutablePointer<CChar>] = []
        defer { owned.forEach { free($0) } }
        func copy(_ text: String) -> UnsafeMutablePointer<CChar> {
            let pointer = strdup(text)!
            owned.append(pointer)
            return pointer
        }
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map(copy) + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map(copy) + [nil]
        let cRules = rules.map { csb_rule(path: copy($0.path), access: $0.access.cValue, optional: $0.optional ? 1 : 0) }
        let executablePath = copy(executable)
        let directory = currentDirectory.map(copy)

        var pid: Int32 = 0, out: Int32 = -1, err: Int32 = -1, errorNumber: Int32 = 0
        var message = [CChar](repeating: 0, count: 512)
        let step = argv.withUnsafeBufferPointer { argvBuffer in
            envp.withUnsafeBufferPointer { envpBuffer in
                cRules.withUnsafeBufferPointer { rulesBuffer in
                    var spec = csb_spec(
                        executable: executablePath, argv: argvBuffer.baseAddress, envp: envpBuffer.baseAddress,
                        cwd: directory.map { UnsafePointer($0) }, rules: rulesBuffer.baseAddress, rule_count: rulesBuffer.count,
                        require_landlock: requiresLandlock ? 1 : 0, deny_network: deniesNetwork ? 1 : 0,
                        use_network_namespace: usesNetworkNamespace ? 1 : 0,
                        require_network_isolation: requiresNetworkIsolation ? 1 : 0,
                        max_file_size: maximumFileSize)
                    return csb_spawn(&spec, &pid, &out, &err, &errorNumber, &message, message.count)
                }
            }
        }
        guard step != Int32(CSB_OK.rawValue) else { return .success(Started(pid: pid, standardOutput: out, standardError: err)) }
        let detail = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return .failure(error(step: step, errorNumber: errorNumber, detail: detail))
    }

    /// The error for a failed step, naming the program.
    private func error(step: Int32, errorNumber: Int32, detail: String) -> SandboxError {
        let number = errorNumber == 0 ? nil : errorNumber
        switch UInt32(step) {
        case CSB_STEP_UNAVAILABLE.rawValue:
            return SandboxError(.isolationUnavailable, detail)
        case CSB_STEP_NETWORK_UNAVAILABLE.rawValue:
            return SandboxError(.isolationUnavailable, "cannot deny \(executable) the network: \(detail)", errorNumber: number)
        case CSB_STEP_PIPE.rawValue, CSB_STEP_FORK.rawValue:
            return SandboxError(.launchFailed, "cannot launch \(executable): \(detail)", errorNumber: number)
        case CSB_STEP_EXEC.rawValue:
            let hint = errorNumber == EACCES ? " (the sandbox may not allow its interpreter or libraries)" : ""
            return SandboxError(.execFailed, "cannot execute \(executable): \(detail)\(hint)", errorNumber: number)
        default:
            return SandboxError(.sandboxSetupFailed, "sandbox setup failed for \(executable): \(detail)", errorNumber: number)
        }
    }
}

extension SpawnPlan.Rule.Access {
    var cValue: Int32 {
        switch self {
        case .read: Int32(CSB_ACCESS_READ.rawValue)
        case .execute: Int32(CSB_ACCESS_EXECUTE.rawValue)
        case .write: Int32(CSB_ACCESS_WRITE.rawValue)
        case .device: Int32(CSB_ACCESS_DEVICE.rawValue)
        }
    }
}
