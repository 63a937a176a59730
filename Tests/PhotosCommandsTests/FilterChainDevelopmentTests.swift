import Foundation
import Testing
import FilterChains

/// The development step's rules in the filter-chain format (Docs/AdjustmentFormat.md, version 1.1).
struct FilterChainDevelopmentTests {
    let sepia = FilterChain.Filter(name: "CISepiaTone", parameters: ["inputIntensity": .number(0.5)])

    @Test func additionsMergeIntoTheDevelopmentWhichStaysFirst() throws {
        let stored = FilterChain(filters: [FilterChain.Filter(name: "CIRAWFilter", parameters: ["inputEV": .number(1), "inputNeutralTint": .number(5)]), sepia])
        let added = stored.adding([FilterChain.Filter(name: "CIVignette"), FilterChain.Filter(name: "CIRAWFilter", parameters: ["inputEV": .number(-0.5)])])
        #expect(added.filters.map(\.name) == ["CIRAWFilter", "CISepiaTone", "CIVignette"])
        #expect(added.development?.parameters == ["inputEV": .number(-0.5), "inputNeutralTint": .number(5)])
        #expect(added.adjustments.map(\.name) == ["CISepiaTone", "CIVignette"])
        // A chain without a development gets one only when something adds it.
        let plain = FilterChain(filters: [sepia]).adding([FilterChain.Filter(name: "CIRAWFilter", parameters: ["inputBoost": .number(0)])])
        #expect(plain.filters.map(\.name) == ["CIRAWFilter", "CISepiaTone"])
        try plain.validate()
    }

    @Test func aRAWBaseAlwaysStoresItsPipelineVersion() throws {
        let pinned = FilterChain(filters: [sepia]).pinningDevelopment(baseIsRAW: true)
        #expect(pinned.development?.parameters == ["inputDecoderVersion": .string("PhotoKitLinux.2")])
        #expect(FilterChain(filters: [sepia]).pinningDevelopment(baseIsRAW: false).filters == [sepia])
        // A chain stored as 1.0 was rendered before pipeline 2 existed: it keeps pipeline 1.
        let old = FilterChain(filters: [sepia]).pinningDevelopment(baseIsRAW: true, storedFormatVersion: "1.0")
        #expect(old.development?.parameters == ["inputDecoderVersion": .string("PhotoKitLinux.1")])
        let named = FilterChain(filters: [FilterChain.Filter(name: "CIRAWFilter", parameters: ["inputDecoderVersion": .string("PhotoKitLinux.9")])])
        #expect(named.pinningDevelopment(baseIsRAW: true) == named, "a stored version is never replaced")
    }

    @Test func misplacedOrMalformedDevelopmentsAreNotValid() throws {
        let cases: [(FilterChain, String)] = [
            (FilterChain(filters: [sepia, FilterChain.Filter(name: "CIRAWFilter")]), "must be the first step"),
            (FilterChain(filters: [FilterChain.Filter(name: "CIRAWFilter", parameters: ["inputNeutralLocation": .vector([1, 2])])]), "no setting 'inputNeutralLocation'"),
            (FilterChain(filters: [FilterChain.Filter(name: "CIRAWFilter", parameters: ["inputEV": .string("1")])]), "outside -10…10"),
            (FilterChain(filters: [FilterChain.Filter(name: "CIRAWFilter", parameters: ["inputDecoderVersion": .number(1)])]), "version name"),
        ]
        for (chain, message) in cases {
            #expect(throws: FilterChainError.self) { try chain.validate() }
            do { try chain.validate() } catch { #expect("\(error)".contains(message), "\(error)") }
        }
        // Stored data with a misplaced development is not resumed (its edit is stacked on instead).
        let data = Data(#"{"filters":[{"name":"CISepiaTone"},{"name":"CIRAWFilter","parameters":{"inputEV":1}}]}"#.utf8)
        #expect(FilterChain.resumable(formatIdentifier: FilterChain.formatIdentifier, formatVersion: "1.1", data: data, editBasedOnOriginal: true) == nil)
        // A development has no filter to apply to an image.
        #expect(throws: FilterChainError.self) { try FilterChain.Filter(name: "CIRAWFilter").makeFilter() }
    }

    @Test func commandLineSettingsMapToRAWKeys() throws {
        let step = try FilterChain.Filter(developmentText: [("exposure", "0.5"), ("detail", "3"), ("gamut-mapping", "true"), ("inputNeutralTint", "-20"),
                                                            ("decoder-version", "PhotoKitLinux.1"), ("highlight-recovery", "yes")])
        #expect(step.parameters == ["inputEV": .number(0.5), "inputNoiseReductionDetailAmount": .number(1), "inputDisableGamutMap": .number(0),
                                    "inputNeutralTint": .number(-20), "inputDecoderVersion": .string("PhotoKitLinux.1"),
                                    "inputEnableHighlightRecovery": .number(1)])
        let keys = try FilterChain.Filter(developmentText: [("inputDisableGamutMap", "true"), ("inputEnableHighlightRecovery", "false")])
        #expect(keys.parameters == ["inputDisableGamutMap": .number(1), "inputEnableHighlightRecovery": .number(0)])
        #expect(throws: FilterChainError.self) { try FilterChain.Filter(developmentText: [("gamut-mapping", "maybe")]) }
    }
}
