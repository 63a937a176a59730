import Foundation
import Photos
import Testing

/// Every case against the raw values in api-census.md (sections 1.2, 1.3, 2.3, 2.5, 5.x),
/// cross-checked with Apple's PhotosTypes.h / PHError.h.
@Suite struct RawValueTests {
    @Test func mediaType() {
        let table: [(PHAssetMediaType, Int)] = [(.unknown, 0), (.image, 1), (.video, 2), (.audio, 3)]
        for (value, raw) in table {
            #expect(value.rawValue == raw)
            #expect(PHAssetMediaType(rawValue: raw) == value)
        }
    }

    @Test func mediaSubtype() {
        let table: [(PHAssetMediaSubtype, UInt)] = [
            (.photoPanorama, 1 << 0), (.photoHDR, 1 << 1), (.photoScreenshot, 1 << 2),
            (.photoLive, 1 << 3), (.photoDepthEffect, 1 << 4), (.photoAnimation, 1 << 6),
            (.spatialMedia, 1 << 10), (.videoStreamed, 1 << 16), (.videoHighFrameRate, 1 << 17),
            (.videoTimelapse, 1 << 18), (.videoScreenRecording, 1 << 19), (.videoCinematic, 1 << 21),
        ]
        for (value, raw) in table {
            #expect(value.rawValue == raw)
        }
        let combined: PHAssetMediaSubtype = [.photoLive, .photoHDR]
        #expect(combined.rawValue == 0b1010)
        #expect(combined.contains(.photoLive) && !combined.contains(.photoPanorama))
        #expect(PHAssetMediaSubtype().rawValue == 0)
    }

    @Test func playbackStyleAndVariation() {
        let styles: [(PHAsset.PlaybackStyle, Int)] = [
            (.unsupported, 0), (.image, 1), (.imageAnimated, 2), (.livePhoto, 3), (.video, 4), (.videoLooping, 5),
        ]
        for (value, raw) in styles {
            #expect(value.rawValue == raw)
            #expect(PHAsset.PlaybackStyle(rawValue: raw) == value)
        }
        let variations: [(PHAsset.PlaybackVariation, Int)] = [(.none, 0), (.autoloop, 1), (.mirror, 2), (.longExposure, 3)]
        for (value, raw) in variations {
            #expect(value.rawValue == raw)
        }
        let states: [(PHAsset.AdjustmentsState, Int)] = [(.none, 0), (.userAdjusted, 2), (.cameraAutoAdjusted, 3)]
        for (value, raw) in states {
            #expect(value.rawValue == raw)
        }
        #expect(PHAsset.AdjustmentsState(rawValue: 1) == nil)
    }

    @Test func sourceBurstEdit() {
        #expect(PHAssetSourceType.typeUserLibrary.rawValue == 1)
        #expect(PHAssetSourceType.typeCloudShared.rawValue == 2)
        #expect(PHAssetSourceType.typeiTunesSynced.rawValue == 4)
        #expect(PHAssetBurstSelectionType.autoPick.rawValue == 1)
        #expect(PHAssetBurstSelectionType.userPick.rawValue == 2)
        let edits: [(PHAssetEditOperation, Int)] = [(.delete, 1), (.content, 2), (.properties, 3)]
        for (value, raw) in edits {
            #expect(value.rawValue == raw)
        }
    }

    @Test func assetCollectionTypes() {
        #expect(PHAssetCollectionType.album.rawValue == 1)
        #expect(PHAssetCollectionType.smartAlbum.rawValue == 2)
        #expect(PHAssetCollectionType(rawValue: 3) != nil)  // .moment (deprecated)
        let subtypes: [(PHAssetCollectionSubtype, Int)] = [
            (.albumRegular, 2), (.albumSyncedEvent, 3), (.albumSyncedFaces, 4), (.albumSyncedAlbum, 5),
            (.albumImported, 6), (.albumMyPhotoStream, 100), (.albumCloudShared, 101),
            (.smartAlbumGeneric, 200), (.smartAlbumPanoramas, 201), (.smartAlbumVideos, 202),
            (.smartAlbumFavorites, 203), (.smartAlbumTimelapses, 204), (.smartAlbumAllHidden, 205),
            (.smartAlbumRecentlyAdded, 206), (.smartAlbumBursts, 207), (.smartAlbumSlomoVideos, 208),
            (.smartAlbumUserLibrary, 209), (.smartAlbumSelfPortraits, 210), (.smartAlbumScreenshots, 211),
            (.smartAlbumDepthEffect, 212), (.smartAlbumLivePhotos, 213), (.smartAlbumAnimated, 214),
            (.smartAlbumLongExposures, 215), (.smartAlbumUnableToUpload, 216), (.smartAlbumRAW, 217),
            (.smartAlbumCinematic, 218), (.smartAlbumSpatial, 219), (.smartAlbumScreenRecordings, 220),
            (.any, Int.max),
        ]
        #expect(subtypes.count == 29)
        for (value, raw) in subtypes {
            #expect(value.rawValue == raw)
            #expect(PHAssetCollectionSubtype(rawValue: raw) == value)
        }
    }

    @Test func collectionListTypes() {
        #expect(PHCollectionListType(rawValue: 1) != nil)  // .momentList (deprecated)
        #expect(PHCollectionListType.folder.rawValue == 2)
        #expect(PHCollectionListType.smartFolder.rawValue == 3)
        #expect(PHCollectionListSubtype(rawValue: 1) != nil)  // .momentListCluster
        #expect(PHCollectionListSubtype(rawValue: 2) != nil)  // .momentListYear
        #expect(PHCollectionListSubtype.regularFolder.rawValue == 100)
        #expect(PHCollectionListSubtype(rawValue: 101) == nil)  // rootFolder is iOS 27 beta: excluded
        #expect(PHCollectionListSubtype.smartFolderEvents.rawValue == 200)
        #expect(PHCollectionListSubtype.smartFolderFaces.rawValue == 201)
        #expect(PHCollectionListSubtype.any.rawValue == Int.max)
        let edits: [(PHCollectionEditOperation, Int)] = [
            (.deleteContent, 1), (.removeContent, 2), (.addContent, 3), (.createContent, 4),
            (.rearrangeContent, 5), (.delete, 6), (.rename, 7),
        ]
        for (value, raw) in edits {
            #expect(value.rawValue == raw)
        }
        let objects: [(PHObjectType, Int)] = [(.asset, 1), (.assetCollection, 2), (.collectionList, 3)]
        for (value, raw) in objects {
            #expect(value.rawValue == raw)
        }
    }

    @Test func resourceType() {
        let table: [(PHAssetResourceType, Int)] = [
            (.photo, 1), (.video, 2), (.audio, 3), (.alternatePhoto, 4), (.fullSizePhoto, 5),
            (.fullSizeVideo, 6), (.adjustmentData, 7), (.adjustmentBasePhoto, 8), (.pairedVideo, 9),
            (.fullSizePairedVideo, 10), (.adjustmentBasePairedVideo, 11), (.adjustmentBaseVideo, 12),
            (.photoProxy, 19),
        ]
        for (value, raw) in table {
            #expect(value.rawValue == raw)
            #expect(PHAssetResourceType(rawValue: raw) == value)
        }
        for unused in 13...18 {
            #expect(PHAssetResourceType(rawValue: unused) == nil)
        }
    }

    @Test func authorization() {
        let statuses: [(PHAuthorizationStatus, Int)] = [
            (.notDetermined, 0), (.restricted, 1), (.denied, 2), (.authorized, 3), (.limited, 4),
        ]
        for (value, raw) in statuses {
            #expect(value.rawValue == raw)
        }
        #expect(PHAccessLevel.addOnly.rawValue == 1)
        #expect(PHAccessLevel.readWrite.rawValue == 2)
        #expect(PHAccessLevel(rawValue: 0) == nil)
    }

    @Test func requestOptions() {
        #expect(PHImageContentMode.aspectFit.rawValue == 0)
        #expect(PHImageContentMode.aspectFill.rawValue == 1)
        #expect(PHImageContentMode.default == .aspectFit)
        #expect(PHImageRequestOptionsVersion.current.rawValue == 0)
        #expect(PHImageRequestOptionsVersion.unadjusted.rawValue == 1)
        #expect(PHImageRequestOptionsVersion.original.rawValue == 2)
        #expect(PHImageRequestOptionsDeliveryMode.opportunistic.rawValue == 0)
        #expect(PHImageRequestOptionsDeliveryMode.highQualityFormat.rawValue == 1)
        #expect(PHImageRequestOptionsDeliveryMode.fastFormat.rawValue == 2)
        #expect(PHImageRequestOptionsResizeMode.none.rawValue == 0)
        #expect(PHImageRequestOptionsResizeMode.fast.rawValue == 1)
        #expect(PHImageRequestOptionsResizeMode.exact.rawValue == 2)
        #expect(PHVideoRequestOptionsVersion.current.rawValue == 0)
        #expect(PHVideoRequestOptionsVersion.original.rawValue == 1)
        #expect(PHVideoRequestOptionsDeliveryMode.automatic.rawValue == 0)
        #expect(PHVideoRequestOptionsDeliveryMode.highQualityFormat.rawValue == 1)
        #expect(PHVideoRequestOptionsDeliveryMode.mediumQualityFormat.rawValue == 2)
        #expect(PHVideoRequestOptionsDeliveryMode.fastFormat.rawValue == 3)
    }

    @Test func errorCodes() {
        let table: [(PHPhotosError.Code, Int)] = [
            (.internalError, -1), (.userCancelled, 3072), (.libraryVolumeOffline, 3114),
            (.relinquishingLibraryBundleToWriter, 3142), (.switchingSystemPhotoLibrary, 3143),
            (.networkAccessRequired, 3164), (.networkError, 3169), (.identifierNotFound, 3201),
            (.multipleIdentifiersFound, 3202), (.changeNotSupported, 3300), (.operationInterrupted, 3301),
            (.invalidResource, 3302), (.missingResource, 3303), (.notEnoughSpace, 3305),
            (.requestNotSupportedForAsset, 3306), (.limitExceeded, 3307), (.accessRestricted, 3310),
            (.accessUserDenied, 3311), (.libraryInFileProviderSyncRoot, 5423),
            (.persistentChangeTokenExpired, 3105), (.persistentChangeDetailsUnavailable, 3210),
        ]
        for (value, raw) in table {
            #expect(value.rawValue == raw)
            #expect(PHPhotosError.Code(rawValue: raw) == value)
        }
    }
}
