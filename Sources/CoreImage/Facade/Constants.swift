// Core Image's string constants, with Apple's names and values.

// MARK: Parameter keys

/// The `outputImage` parameter key.
public let kCIOutputImageKey = "outputImage"
/// The `inputImage` parameter key.
public let kCIInputImageKey = "inputImage"
/// The `inputBackgroundImage` parameter key.
public let kCIInputBackgroundImageKey = "inputBackgroundImage"
/// The `inputTime` parameter key.
public let kCIInputTimeKey = "inputTime"
/// The `inputTransform` parameter key.
public let kCIInputTransformKey = "inputTransform"
/// The `inputScale` parameter key.
public let kCIInputScaleKey = "inputScale"
/// The `inputAspectRatio` parameter key.
public let kCIInputAspectRatioKey = "inputAspectRatio"
/// The `inputCenter` parameter key.
public let kCIInputCenterKey = "inputCenter"
/// The `inputRadius` parameter key.
public let kCIInputRadiusKey = "inputRadius"
/// The `inputAngle` parameter key.
public let kCIInputAngleKey = "inputAngle"
/// The `inputRefraction` parameter key.
public let kCIInputRefractionKey = "inputRefraction"
/// The `inputWidth` parameter key.
public let kCIInputWidthKey = "inputWidth"
/// The `inputSharpness` parameter key.
public let kCIInputSharpnessKey = "inputSharpness"
/// The `inputIntensity` parameter key.
public let kCIInputIntensityKey = "inputIntensity"
/// The `inputEV` parameter key.
public let kCIInputEVKey = "inputEV"
/// The `inputSaturation` parameter key.
public let kCIInputSaturationKey = "inputSaturation"
/// The `inputColor` parameter key.
public let kCIInputColorKey = "inputColor"
/// The `inputBrightness` parameter key.
public let kCIInputBrightnessKey = "inputBrightness"
/// The `inputContrast` parameter key.
public let kCIInputContrastKey = "inputContrast"
/// The `inputBias` parameter key.
public let kCIInputBiasKey = "inputBias"
/// The `inputWeights` parameter key.
public let kCIInputWeightsKey = "inputWeights"
/// The `inputGradientImage` parameter key.
public let kCIInputGradientImageKey = "inputGradientImage"
/// The `inputMaskImage` parameter key.
public let kCIInputMaskImageKey = "inputMaskImage"
/// The `inputShadingImage` parameter key.
public let kCIInputShadingImageKey = "inputShadingImage"
/// The `inputTargetImage` parameter key.
public let kCIInputTargetImageKey = "inputTargetImage"
/// The `inputExtent` parameter key.
public let kCIInputExtentKey = "inputExtent"
/// The `inputVersion` parameter key.
public let kCIInputVersionKey = "inputVersion"
/// The `inputDepthImage` parameter key.
public let kCIInputDepthImageKey = "inputDepthImage"
/// The `inputDisparityImage` parameter key.
public let kCIInputDisparityImageKey = "inputDisparityImage"
/// The `inputAmount` parameter key.
public let kCIInputAmountKey = "inputAmount"
/// The `inputMatteImage` parameter key.
public let kCIInputMatteImageKey = "inputMatteImage"

// MARK: Attribute keys

/// The `CIAttributeFilterName` attribute key.
public let kCIAttributeFilterName = "CIAttributeFilterName"
/// The `CIAttributeFilterDisplayName` attribute key.
public let kCIAttributeFilterDisplayName = "CIAttributeFilterDisplayName"
/// The `CIAttributeDescription` attribute key.
public let kCIAttributeDescription = "CIAttributeDescription"
/// The `CIAttributeFilterAvailable_Mac` attribute key.
public let kCIAttributeFilterAvailable_Mac = "CIAttributeFilterAvailable_Mac"
/// The `CIAttributeFilterAvailable_iOS` attribute key.
public let kCIAttributeFilterAvailable_iOS = "CIAttributeFilterAvailable_iOS"
/// The `CIAttributeReferenceDocumentation` attribute key.
public let kCIAttributeReferenceDocumentation = "CIAttributeReferenceDocumentation"
/// The `CIAttributeFilterCategories` attribute key.
public let kCIAttributeFilterCategories = "CIAttributeFilterCategories"
/// The `CIAttributeClass` attribute key.
public let kCIAttributeClass = "CIAttributeClass"
/// The `CIAttributeType` attribute key.
public let kCIAttributeType = "CIAttributeType"
/// The `CIAttributeMin` attribute key.
public let kCIAttributeMin = "CIAttributeMin"
/// The `CIAttributeMax` attribute key.
public let kCIAttributeMax = "CIAttributeMax"
/// The `CIAttributeSliderMin` attribute key.
public let kCIAttributeSliderMin = "CIAttributeSliderMin"
/// The `CIAttributeSliderMax` attribute key.
public let kCIAttributeSliderMax = "CIAttributeSliderMax"
/// The `CIAttributeDefault` attribute key.
public let kCIAttributeDefault = "CIAttributeDefault"
/// The `CIAttributeIdentity` attribute key.
public let kCIAttributeIdentity = "CIAttributeIdentity"
/// The `CIAttributeName` attribute key.
public let kCIAttributeName = "CIAttributeName"
/// The `CIAttributeDisplayName` attribute key.
public let kCIAttributeDisplayName = "CIAttributeDisplayName"

// MARK: Attribute types

/// The `CIAttributeTypeTime` attribute type.
public let kCIAttributeTypeTime = "CIAttributeTypeTime"
/// The `CIAttributeTypeScalar` attribute type.
public let kCIAttributeTypeScalar = "CIAttributeTypeScalar"
/// The `CIAttributeTypeDistance` attribute type.
public let kCIAttributeTypeDistance = "CIAttributeTypeDistance"
/// The `CIAttributeTypeAngle` attribute type.
public let kCIAttributeTypeAngle = "CIAttributeTypeAngle"
/// The `CIAttributeTypeBoolean` attribute type.
public let kCIAttributeTypeBoolean = "CIAttributeTypeBoolean"
/// The `CIAttributeTypeInteger` attribute type.
public let kCIAttributeTypeInteger = "CIAttributeTypeInteger"
/// The `CIAttributeTypeCount` attribute type.
public let kCIAttributeTypeCount = "CIAttributeTypeCount"
/// The `CIAttributeTypePosition` attribute type.
public let kCIAttributeTypePosition = "CIAttributeTypePosition"
/// The `CIAttributeTypeOffset` attribute type.
public let kCIAttributeTypeOffset = "CIAttributeTypeOffset"
/// The `CIAttributeTypePosition3` attribute type.
public let kCIAttributeTypePosition3 = "CIAttributeTypePosition3"
/// The `CIAttributeTypeRectangle` attribute type.
public let kCIAttributeTypeRectangle = "CIAttributeTypeRectangle"
/// The `CIAttributeTypeOpaqueColor` attribute type.
public let kCIAttributeTypeOpaqueColor = "CIAttributeTypeOpaqueColor"
/// The `CIAttributeTypeColor` attribute type.
public let kCIAttributeTypeColor = "CIAttributeTypeColor"
/// The `CIAttributeTypeGradient` attribute type.
public let kCIAttributeTypeGradient = "CIAttributeTypeGradient"
/// The `CIAttributeTypeImage` attribute type.
public let kCIAttributeTypeImage = "CIAttributeTypeImage"
/// The `CIAttributeTypeTransform` attribute type.
public let kCIAttributeTypeTransform = "CIAttributeTypeTransform"

// MARK: Categories

/// The `CICategoryDistortionEffect` filter category.
public let kCICategoryDistortionEffect = "CICategoryDistortionEffect"
/// The `CICategoryGeometryAdjustment` filter category.
public let kCICategoryGeometryAdjustment = "CICategoryGeometryAdjustment"
/// The `CICategoryCompositeOperation` filter category.
public let kCICategoryCompositeOperation = "CICategoryCompositeOperation"
/// The `CICategoryHalftoneEffect` filter category.
public let kCICategoryHalftoneEffect = "CICategoryHalftoneEffect"
/// The `CICategoryColorAdjustment` filter category.
public let kCICategoryColorAdjustment = "CICategoryColorAdjustment"
/// The `CICategoryColorEffect` filter category.
public let kCICategoryColorEffect = "CICategoryColorEffect"
/// The `CICategoryTransition` filter category.
public let kCICategoryTransition = "CICategoryTransition"
/// The `CICategoryTileEffect` filter category.
public let kCICategoryTileEffect = "CICategoryTileEffect"
/// The `CICategoryGenerator` filter category.
public let kCICategoryGenerator = "CICategoryGenerator"
/// The `CICategoryReduction` filter category.
public let kCICategoryReduction = "CICategoryReduction"
/// The `CICategoryGradient` filter category.
public let kCICategoryGradient = "CICategoryGradient"
/// The `CICategoryStylize` filter category.
public let kCICategoryStylize = "CICategoryStylize"
/// The `CICategorySharpen` filter category.
public let kCICategorySharpen = "CICategorySharpen"
/// The `CICategoryBlur` filter category.
public let kCICategoryBlur = "CICategoryBlur"
/// The `CICategoryVideo` filter category.
public let kCICategoryVideo = "CICategoryVideo"
/// The `CICategoryStillImage` filter category.
public let kCICategoryStillImage = "CICategoryStillImage"
/// The `CICategoryInterlaced` filter category.
public let kCICategoryInterlaced = "CICategoryInterlaced"
/// The `CICategoryNonSquarePixels` filter category.
public let kCICategoryNonSquarePixels = "CICategoryNonSquarePixels"
/// The `CICategoryHighDynamicRange` filter category.
public let kCICategoryHighDynamicRange = "CICategoryHighDynamicRange"
/// The `CICategoryBuiltIn` filter category.
public let kCICategoryBuiltIn = "CICategoryBuiltIn"
/// The `CICategoryFilterGenerator` filter category.
public let kCICategoryFilterGenerator = "CICategoryFilterGenerator"

// MARK: User-interface parameter sets

/// `CIUIParameterSet`.
public let kCIUIParameterSet = "CIUIParameterSet"
/// `CIUISetBasic`.
public let kCIUISetBasic = "CIUISetBasic"
/// `CIUISetIntermediate`.
public let kCIUISetIntermediate = "CIUISetIntermediate"
/// `CIUISetAdvanced`.
public let kCIUISetAdvanced = "CIUISetAdvanced"
/// `CIUISetDevelopment`.
public let kCIUISetDevelopment = "CIUISetDevelopment"
