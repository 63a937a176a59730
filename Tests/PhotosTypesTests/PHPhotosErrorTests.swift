import Foundation
import Photos
import Testing

private struct OtherError: Error {}

private func lookUp(_ code: PHPhotosError.Code) throws {
    throw PHPhotosError(code, userInfo: [NSLocalizedDescriptionKey: "no such thing"])
}

@Suite struct PHPhotosErrorTests {
    @Test func constants() {
        #expect(PHPhotosErrorDomain == "PHPhotosErrorDomain")
        #expect(PHPhotosError.errorDomain == PHPhotosErrorDomain)
        #expect(PHLocalIdentifiersErrorKey == "PHLocalIdentifiersErrorKey")
    }

    @Test func staticMembersAreCodes() {
        let code: PHPhotosError.Code = PHPhotosError.identifierNotFound
        #expect(code == .identifierNotFound)
        #expect(PHPhotosError.userCancelled == PHPhotosError.Code.userCancelled)
        #expect(PHPhotosError.internalError.rawValue == -1)
        #expect(PHPhotosError.limitExceeded.rawValue == 3307)
    }

    @Test func bridgingToNSError() {
        let error: any Error = PHPhotosError(.identifierNotFound)
        let ns = error as NSError
        #expect(ns.domain == PHPhotosErrorDomain)
        #expect(ns.code == 3201)
        let typed = PHPhotosError(.accessUserDenied, userInfo: ["k": "v"])
        #expect(typed.errorCode == 3311)
        #expect(typed.code == .accessUserDenied)
        #expect((typed as NSError).userInfo["k"] as? String == "v")
    }

    @Test func localizedDescription() {
        let described = PHPhotosError(.notEnoughSpace, userInfo: [NSLocalizedDescriptionKey: "Disk full"])
        #expect(described.localizedDescription == "Disk full")
        #expect((described as any Error).localizedDescription == "Disk full")
        #expect((described as NSError).localizedDescription == "Disk full")
        let plain = PHPhotosError(.notEnoughSpace)
        #expect(plain.localizedDescription.contains("PHPhotosErrorDomain"))
        #expect(plain.localizedDescription.contains("3305"))
    }

    @Test func equalityAndHashing() {
        #expect(PHPhotosError(.userCancelled) == PHPhotosError(.userCancelled))
        #expect(PHPhotosError(.userCancelled) != PHPhotosError(.internalError))
        #expect(PHPhotosError(.userCancelled, userInfo: ["a": 1]) == PHPhotosError(.userCancelled, userInfo: ["a": 1]))
        #expect(PHPhotosError(.userCancelled, userInfo: ["a": 1]) != PHPhotosError(.userCancelled, userInfo: ["a": 2]))
        let set: Set<PHPhotosError> = [PHPhotosError(.networkError), PHPhotosError(.networkError)]
        #expect(set.count == 1)
    }

    @Test func catchPattern() {
        var matched = ""
        do {
            try lookUp(.identifierNotFound)
        } catch PHPhotosError.userCancelled {
            matched = "cancelled"
        } catch PHPhotosError.identifierNotFound {
            matched = "notFound"
        } catch {
            matched = "other"
        }
        #expect(matched == "notFound")
    }

    @Test func catchPatternMatchesNSErrorInDomain() {
        var matched = false
        do {
            throw NSError(domain: PHPhotosErrorDomain, code: 3164)
        } catch PHPhotosError.networkAccessRequired {
            matched = true
        } catch {}
        #expect(matched)
        #expect(!(PHPhotosError.Code.networkAccessRequired ~= NSError(domain: "Other", code: 3164)))
        #expect(!(PHPhotosError.Code.networkAccessRequired ~= OtherError()))
    }

    @Test func catchAsTypedError() {
        do {
            try lookUp(.multipleIdentifiersFound)
            Issue.record("no error thrown")
        } catch let error as PHPhotosError {
            #expect(error.code == .multipleIdentifiersFound)
            #expect(error.userInfo[NSLocalizedDescriptionKey] as? String == "no such thing")
        } catch {
            Issue.record("wrong error type \(error)")
        }
    }

    @Test func switchOverCode() {
        let error = PHPhotosError(.missingResource)
        let text: String
        switch error.code {
        case .missingResource: text = "missing"
        default: text = "other"
        }
        #expect(text == "missing")
    }
}
