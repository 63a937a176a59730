#!/usr/bin/env python3
"""Writes a deterministic Bayer DNG for `photos bench raw`: WIDTH x HEIGHT (default 6000 x 4000, 24 MP), RGGB,
12-bit, black 256, uncompressed, with a colour matrix (camera RGB = diag(0.55, 1, 0.75) x linear sRGB), an
as-shot neutral for daylight and a scene of smooth gradients, fine stripes, edges and mild noise (seeded), so
demosaic work is realistic. Needs numpy and pidng (PyPI); `scripts/bench-raw.sh` installs them.

usage: make-bench-dng.py OUT.dng [WIDTH HEIGHT]
"""
import os
import sys

import numpy as np

SRGB_TO_XYZ = np.array([[0.4124564, 0.3575761, 0.1804375],
                        [0.2126729, 0.7151522, 0.0721750],
                        [0.0193339, 0.1191920, 0.9503041]])
SENSITIVITY = np.array([0.55, 1.0, 0.75])


def scene(width, height):
    """Linear RGB in 0..1: colour gradients, a zone plate, sharp-edged blocks and noise."""
    rng = np.random.default_rng(20261126)
    y, x = np.mgrid[0:height, 0:width].astype(np.float32)
    u, v = x / width, y / height
    rgb = np.stack([0.15 + 0.7 * u, 0.2 + 0.6 * v, 0.25 + 0.5 * (1 - u) * v], axis=-1)
    r2 = ((x - width * 0.7) ** 2 + (y - height * 0.35) ** 2) / (min(width, height) * 0.25) ** 2
    plate = 0.5 + 0.5 * np.cos(np.pi * 60 * r2)
    mask = (r2 < 1)[..., None]
    rgb = np.where(mask, plate[..., None] * np.array([0.9, 0.85, 0.8]), rgb)
    blocks = ((x // 97 + y // 89) % 2).astype(np.float32)[..., None] * np.array([0.6, 0.1, 0.05])
    left = (u < 0.3)[..., None]
    rgb = np.where(left, 0.05 + blocks + 0.2 * rgb, rgb)
    rgb += rng.normal(0, 0.004, size=rgb.shape).astype(np.float32)
    return np.clip(rgb, 0, 1)


def main():
    if len(sys.argv) not in (2, 4):
        sys.exit(__doc__)
    out = sys.argv[1]
    width, height = (int(sys.argv[2]), int(sys.argv[3])) if len(sys.argv) == 4 else (6000, 4000)
    width -= width % 2
    height -= height % 2
    from pidng.core import RAW2DNG, DNGTags, Tag
    from pidng.defs import CFAPattern, CalibrationIlluminant, PhotometricInterpretation
    black, white = 256, 4095
    camera = scene(width, height) * SENSITIVITY * 0.85
    mosaic = np.empty((height, width), dtype=np.float32)
    mosaic[0::2, 0::2] = camera[0::2, 0::2, 0]
    mosaic[0::2, 1::2] = camera[0::2, 1::2, 1]
    mosaic[1::2, 0::2] = camera[1::2, 0::2, 1]
    mosaic[1::2, 1::2] = camera[1::2, 1::2, 2]
    raw = np.clip(np.round(black + mosaic * (white - black)), 0, white).astype(np.uint16)
    matrix = np.diag(SENSITIVITY) @ np.linalg.inv(SRGB_TO_XYZ)
    matrix /= (matrix @ np.array([0.95047, 1.0, 1.08883])).max()
    ratio = lambda value: [int(round(value * 10000)), 10000]
    tags = DNGTags()
    for tag, value in [(Tag.ImageWidth, width), (Tag.ImageLength, height), (Tag.TileWidth, width), (Tag.TileLength, height),
                       (Tag.Orientation, 1), (Tag.PhotometricInterpretation, PhotometricInterpretation.Color_Filter_Array),
                       (Tag.SamplesPerPixel, 1), (Tag.BitsPerSample, 12), (Tag.CFARepeatPatternDim, [2, 2]),
                       (Tag.CFAPattern, CFAPattern.RGGB), (Tag.BlackLevel, black), (Tag.WhiteLevel, white),
                       (Tag.ColorMatrix1, [ratio(v) for v in matrix.flatten()]),
                       (Tag.CalibrationIlluminant1, CalibrationIlluminant.D65),
                       (Tag.AsShotNeutral, [ratio(v) for v in SENSITIVITY / SENSITIVITY[1]]),
                       (Tag.BaselineExposure, [[0, 100]]), (Tag.Make, "PhotoKitLinux"), (Tag.Model, "bench Bayer"),
                       (Tag.UniqueCameraModel, "PhotoKitLinux bench Bayer")]:
        tags.set(tag, value)
    directory, name = os.path.split(os.path.abspath(out))
    converter = RAW2DNG()
    converter.options(tags, directory, compress=False)
    converter.convert(raw, filename=name[:-4] if name.endswith(".dng") else name)


if __name__ == "__main__":
    main()
