#!/usr/bin/env python3
"""Writes a small DNG with an embedded JPEG preview (Tests/CoreImageTests/References/raw-preview.dng), for the
CIRAWFilter.previewImage test: a 128×96 RGGB mosaic of a grey gradient (12-bit in 16-bit words, black 0, white
4095) in a SubIFD, and in IFD0 a 64×48 JPEG preview that is pure red on its left half and blue on its right (so a
test can tell it apart from the development). Needs numpy, tifffile and imagecodecs (PyPI).
usage: make-preview-dng.py OUT.dng"""
import sys
import numpy as np
import tifffile

def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    preview = np.zeros((48, 64, 3), dtype=np.uint8)
    preview[:, :32] = (230, 20, 20)
    preview[:, 32:] = (20, 20, 230)
    height, width = 96, 128
    grey = np.tile(np.linspace(400, 3000, width, dtype=np.float64), (height, 1))
    mosaic = np.round(grey).astype(np.uint16)
    rational = lambda v: (int(round(v * 10000)), 10000)
    identity = [rational(v) for v in (3.2404542, -1.5371385, -0.4985314, -0.9692660, 1.8760108, 0.0415560, 0.0556434, -0.2040259, 1.0572252)]
    dng_tags = [
        (50706, 'B', 4, (1, 4, 0, 0), True),                    # DNGVersion
        (50708, 's', 0, 'PhotoKitLinux preview test', True),    # UniqueCameraModel
        (50721, '2i', 9, sum(identity, ()), True),              # ColorMatrix1 (XYZ → camera: sRGB's)
        (50778, 'H', 1, 21, True),                              # CalibrationIlluminant1: D65
        (50728, '2I', 3, (1, 1, 1, 1, 1, 1), True),             # AsShotNeutral
    ]
    with tifffile.TiffWriter(sys.argv[1]) as tif:
        tif.write(preview, photometric='rgb', compression='jpeg', subfiletype=1, subifds=1,
                  extratags=[(271, 's', 0, 'PhotoKitLinux', True), (272, 's', 0, 'preview test', True)] + dng_tags)
        tif.write(mosaic, photometric=32803, subfiletype=0, extratags=[
            (33421, 'H', 2, (2, 2), True),                      # CFARepeatPatternDim
            (33422, 'B', 4, (0, 1, 1, 2), True),                # CFAPattern: RGGB
            (50714, 'H', 1, 0, True),                           # BlackLevel
            (50717, 'H', 1, 4095, True),                        # WhiteLevel
        ])

if __name__ == '__main__':
    main()
