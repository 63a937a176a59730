#!/usr/bin/python3
"""Independent reference values for the Core Image filter tests.

Each filter's documented maths (see the doc comment of its definition in Sources/CoreImage/Filters) is
re-implemented here with numpy in float64, on the same synthetic inputs the Swift tests build, and the results
are written to ../ReferenceValues.swift as literals. Run once with /usr/bin/python3 (needs python3-numpy);
the tests never run Python.

Conventions shared with the engine: images are premultiplied RGBA in extended linear sRGB; arrays here are
indexed [y][x] with y up (row 0 = bottom), pixel centres at (x + 0.5, y + 0.5); outside an image's extent
pixels are clear. Outputs are written top row first (as CIContext.render(_:toBitmap:...) writes them).
"""
import math
import os
import numpy as np

OUT = {}

# ---------------------------------------------------------------- inputs and colour helpers

def srgb_to_linear(v):
    v = np.asarray(v, dtype=np.float64)
    a = np.abs(v)
    d = np.where(a <= 0.04045, a / 12.92, ((a + 0.055) / 1.055) ** 2.4)
    return np.where(v < 0, -d, d)

def linear_to_srgb(v):
    v = np.asarray(v, dtype=np.float64)
    a = np.abs(v)
    e = np.where(a <= 0.0031308, a * 12.92, 1.055 * np.power(a, 1 / 2.4) - 0.055)
    return np.where(v < 0, -e, e)

def pattern_bytes(w, h):
    """The 8-bit sRGB pattern of TestImages.patternPixels, rows from the top."""
    out = np.zeros((h, w, 4))
    for y in range(h):
        for x in range(w):
            out[y, x] = [(37 * x + 11 * y) % 256, (13 * x + 29 * y + 50) % 256, (7 * x + 3 * y + 100) % 256, 255]
    return out

def pattern(w, h):
    """The pattern as premultiplied linear RGBA, y up."""
    b = pattern_bytes(w, h)[::-1]
    rgb = srgb_to_linear(b[..., :3] / 255.0)
    return np.concatenate([rgb, np.ones((h, w, 1))], axis=2)

def alpha_pattern(w, h):
    """TestImages.alphaPatternPixels: straight-alpha RGBA8, R = (11x + 7y + 20) % 256, G = (5x + 17y + 80) % 256,
    B = (23x + 13y + 40) % 256, A = (40x + 60y + 30) % 256 (rows from the top); premultiplied linear, y up."""
    out = np.zeros((h, w, 4))
    for y in range(h):
        for x in range(w):
            out[y, x] = [(11 * x + 7 * y + 20) % 256, (5 * x + 17 * y + 80) % 256, (23 * x + 13 * y + 40) % 256, (40 * x + 60 * y + 30) % 256]
    out = out[::-1]
    rgb = srgb_to_linear(out[..., :3] / 255.0)
    a = out[..., 3:4] / 255.0
    return np.concatenate([rgb * a, a], axis=2)

def srgb_color(r, g, b, a=1.0):
    """A CIColor (sRGB components) in premultiplied working space."""
    lin = srgb_to_linear([r, g, b])
    return np.array([lin[0] * a, lin[1] * a, lin[2] * a, a])

def unpremultiply(p):
    a = p[..., 3:4]
    safe = np.where(a > 0, a, 1)
    return np.concatenate([np.where(a > 0, p[..., :3] / safe, 0), a], axis=-1)

def premultiply(u):
    return np.concatenate([u[..., :3] * u[..., 3:4], u[..., 3:4]], axis=-1)

def per_pixel_unpremultiplied(img, f):
    u = unpremultiply(img)
    return premultiply(f(u))

LUMA = np.array([0.2125, 0.7154, 0.0721])

def luma(u):
    return u[..., 0] * LUMA[0] + u[..., 1] * LUMA[1] + u[..., 2] * LUMA[2]

def smoothstep(e0, e1, x):
    t = np.clip((x - e0) / max(e1 - e0, 1e-9), 0, 1)
    return t * t * (3 - 2 * t)

def record(name, img_yup, region=None):
    """Stores `region` (x, y, w, h; default the whole array at origin 0) of a y-up array as top-row-first floats."""
    OUT[name] = np.asarray(img_yup, dtype=np.float64)[::-1].reshape(-1)

def centres(x0, y0, w, h):
    xs = np.arange(x0, x0 + w) + 0.5
    ys = np.arange(y0, y0 + h) + 0.5
    X, Y = np.meshgrid(xs, ys)
    return X, Y

def sample(img, x, y, ox=0, oy=0):
    """Pixel (x, y) of an image whose extent starts at (ox, oy); clear outside."""
    h, w = img.shape[:2]
    i, j = x - ox, y - oy
    if 0 <= i < w and 0 <= j < h:
        return img[j, i]
    return np.zeros(4)

def bilinear(img, fx, fy, ox=0, oy=0):
    gx, gy = fx - 0.5, fy - 0.5
    x0, y0 = math.floor(gx), math.floor(gy)
    tx, ty = gx - x0, gy - y0
    top = sample(img, x0, y0, ox, oy) * (1 - tx) + sample(img, x0 + 1, y0, ox, oy) * tx
    bottom = sample(img, x0, y0 + 1, ox, oy) * (1 - tx) + sample(img, x0 + 1, y0 + 1, ox, oy) * tx
    return top * (1 - ty) + bottom * ty

def nearest(img, fx, fy, ox=0, oy=0):
    return sample(img, math.floor(fx), math.floor(fy), ox, oy)

def render(f, x0, y0, w, h):
    out = np.zeros((h, w, 4))
    for j in range(h):
        for i in range(w):
            out[j, i] = f(x0 + i + 0.5, y0 + j + 0.5)
    return out

def spline(points):
    """Natural cubic spline through points (clamped to end values outside)."""
    pts = sorted(points)
    xs = np.array([p[0] for p in pts], dtype=np.float64)
    ys = np.array([p[1] for p in pts], dtype=np.float64)
    n = len(xs)
    A = np.zeros((n, n)); r = np.zeros(n)
    A[0, 0] = A[-1, -1] = 1
    for i in range(1, n - 1):
        h0, h1 = xs[i] - xs[i - 1], xs[i + 1] - xs[i]
        A[i, i - 1], A[i, i], A[i, i + 1] = h0, 2 * (h0 + h1), h1
        r[i] = 6 * ((ys[i + 1] - ys[i]) / h1 - (ys[i] - ys[i - 1]) / h0)
    m = np.linalg.solve(A, r)
    def value(x):
        x = np.asarray(x, dtype=np.float64)
        out = np.empty_like(x)
        for idx, v in np.ndenumerate(x):
            if v <= xs[0]: out[idx] = ys[0]; continue
            if v >= xs[-1]: out[idx] = ys[-1]; continue
            i = min(np.searchsorted(xs, v) - 1, n - 2)
            h = xs[i + 1] - xs[i]
            a, b = (xs[i + 1] - v) / h, (v - xs[i]) / h
            out[idx] = a * ys[i] + b * ys[i + 1] + ((a ** 3 - a) * m[i] + (b ** 3 - b) * m[i + 1]) * h * h / 6
        return out
    return value

# ---------------------------------------------------------------- per-pixel colour filters (input: pattern 4×3)

def apply_matrix(img, m, bias=(0, 0, 0)):
    out = img.copy()
    out[..., :3] = img[..., :3] @ np.asarray(m).reshape(3, 3).T + np.asarray(bias)
    return out

def color_filters():
    P = pattern(4, 3)
    record("exposureAdjust", np.concatenate([P[..., :3] * 2 ** 0.7, P[..., 3:]], axis=2))
    S = np.array([0.393, 0.769, 0.189, 0.349, 0.686, 0.168, 0.272, 0.534, 0.131])
    record("sepiaTone", apply_matrix(P, np.eye(3).reshape(-1) * 0.3 + S * 0.7))

    def controls(u, s=1.3, b=0.05, c=1.2):
        l = luma(u)[..., None]
        rgb = l + (u[..., :3] - l) * s
        rgb = rgb + b
        rgb = (rgb - 0.5) * c + 0.5
        return np.concatenate([rgb, u[..., 3:]], axis=-1)
    record("colorControls", per_pixel_unpremultiplied(P, controls))
    record("gammaAdjust", per_pixel_unpremultiplied(P, lambda u: np.concatenate([np.sign(u[..., :3]) * np.abs(u[..., :3]) ** 0.8, u[..., 3:]], -1)))

    a = 0.9; c, s = math.cos(a), math.sin(a); k = 1 / 3; r = math.sqrt(1 / 3)
    hue = [c + (1 - c) * k, (1 - c) * k - r * s, (1 - c) * k + r * s,
           (1 - c) * k + r * s, c + (1 - c) * k, (1 - c) * k - r * s,
           (1 - c) * k - r * s, (1 - c) * k + r * s, c + (1 - c) * k]
    record("hueAdjust", apply_matrix(P, hue))
    w = srgb_color(0.9, 0.8, 1.0)
    record("whitePointAdjust", np.concatenate([P[..., :3] * w[:3], P[..., 3:]], axis=2))

    def cm(u):
        M = np.array([[0.9, 0.1, 0, 0], [0, 0.8, 0.2, 0], [0.1, 0, 0.9, 0], [0, 0, 0, 1]])
        return u @ M.T + np.array([0.01, 0.02, 0.03, 0])
    record("colorMatrix", per_pixel_unpremultiplied(P, cm))
    record("colorClamp", per_pixel_unpremultiplied(P, lambda u: np.clip(u, [0.05, 0.1, 0.02, 0], [0.6, 0.7, 0.8, 1])))

    def vibrance(u, amount=0.6):
        hi, lo = u[..., :3].max(-1), u[..., :3].min(-1)
        sat = np.where(hi > 1e-6, (hi - lo) / np.where(hi > 1e-6, hi, 1), 0)
        l = luma(u)[..., None]
        gain = (1 + amount * (1 - sat))[..., None]
        return np.concatenate([l + (u[..., :3] - l) * gain, u[..., 3:]], -1)
    record("vibrance", per_pixel_unpremultiplied(P, vibrance))

    curve = spline([(0, 0.05), (0.25, 0.2), (0.5, 0.55), (0.75, 0.8), (1, 0.95)])
    record("toneCurve", per_pixel_unpremultiplied(P, lambda u: np.concatenate(
        [srgb_to_linear(curve(linear_to_srgb(np.clip(u[..., :3], 0, 1)))), u[..., 3:]], -1)))

    record("temperatureAndTint", apply_matrix(P, white_balance((5000, 20), (6500, 0))))

    def highlights(u, shadow=0.5, highlight=0.7):
        l = np.clip(luma(u), 0, 1)[..., None]
        f = 1 + shadow * (1 - l) ** 2 - (1 - highlight) * l ** 2
        return np.concatenate([u[..., :3] * f, u[..., 3:]], -1)
    record("highlightShadowAdjust", per_pixel_unpremultiplied(P, highlights))
    record("linearToSRGBToneCurve", per_pixel_unpremultiplied(P, lambda u: np.concatenate([linear_to_srgb(u[..., :3]), u[..., 3:]], -1)))
    record("sRGBToneCurveToLinear", per_pixel_unpremultiplied(P, lambda u: np.concatenate([srgb_to_linear(u[..., :3]), u[..., 3:]], -1)))
    record("colorInvert", per_pixel_unpremultiplied(P, lambda u: np.concatenate([1 - u[..., :3], u[..., 3:]], -1)))

    tint = srgb_color(0.6, 0.45, 0.3)[:3]
    mono = np.array([[(0.2 if i == j else 0) + 0.8 * tint[i] * LUMA[j] for j in range(3)] for i in range(3)])
    record("colorMonochrome", apply_matrix(P, mono.reshape(-1)))
    record("colorPosterize", per_pixel_unpremultiplied(P, lambda u: np.concatenate(
        [srgb_to_linear(np.floor(linear_to_srgb(u[..., :3]) * 5 + 0.5) / 5), u[..., 3:]], -1)))

    c0, c1 = srgb_color(0.3, 0, 0), srgb_color(1, 0.9, 0.8)
    def false_color(u):
        l = np.clip(luma(u), 0, 1)[..., None]
        c = c0 + (c1 - c0) * l
        return np.concatenate([c[..., :3], c[..., 3:] * u[..., 3:]], -1)
    record("falseColor", per_pixel_unpremultiplied(P, false_color))
    ma = np.clip(luma(unpremultiply(P)), 0, 1)[..., None]
    record("maskToAlpha", np.concatenate([ma, ma, ma, ma], -1))
    record("colorCube", per_pixel_unpremultiplied(P, lambda u: np.concatenate(
        [np.clip(u[..., [1, 2, 0]], 0, 1), u[..., 3:]], -1)))

    # The same rotating cube looked up in Display P3 (both spaces are D65, so the conversion is the plain
    # primaries matrix: P3 = XYZ→P3 · sRGB→XYZ, built here from the published primaries).
    def rgb_to_xyz(primaries, white=(0.3127, 0.3290)):
        cols = np.array([[x / y, 1, (1 - x - y) / y] for x, y in primaries]).T
        w = np.array([white[0] / white[1], 1, (1 - white[0] - white[1]) / white[1]])
        return cols * np.linalg.solve(cols, w)
    srgb_m = rgb_to_xyz([(0.64, 0.33), (0.30, 0.60), (0.15, 0.06)])
    p3_m = rgb_to_xyz([(0.680, 0.320), (0.265, 0.690), (0.150, 0.060)])
    to_p3 = np.linalg.inv(p3_m) @ srgb_m
    def cube_in_p3(u):
        p3 = linear_to_srgb(u[..., :3] @ to_p3.T)
        looked = np.clip(p3[..., [1, 2, 0]], 0, 1)
        return np.concatenate([srgb_to_linear(looked) @ np.linalg.inv(to_p3).T, u[..., 3:]], -1)
    record("colorCubeWithColorSpace", per_pixel_unpremultiplied(P, cube_in_p3))

    effects = {
        "Mono": (True, 1, [[(0, 0), (0.25, 0.25), (0.5, 0.5), (0.75, 0.75), (1, 1)]] * 3),
        "Noir": (True, 1, [[(0, 0), (0.25, 0.15), (0.5, 0.5), (0.75, 0.85), (1, 1)]] * 3),
        "Tonal": (True, 1, [[(0, 0.05), (0.25, 0.27), (0.5, 0.5), (0.75, 0.73), (1, 0.95)]] * 3),
        "Chrome": (False, 1.2, [[(0, 0), (0.25, 0.22), (0.5, 0.5), (0.75, 0.78), (1, 1)]] * 3),
        "Fade": (False, 0.8, [[(0, 0.1), (0.25, 0.3), (0.5, 0.52), (0.75, 0.74), (1, 0.95)]] * 3),
        "Instant": (False, 0.9, [[(0, 0.06), (0.25, 0.3), (0.5, 0.56), (0.75, 0.8), (1, 1)], [(0, 0.04), (0.25, 0.27), (0.5, 0.52), (0.75, 0.76), (1, 0.97)], [(0, 0.08), (0.25, 0.26), (0.5, 0.47), (0.75, 0.7), (1, 0.9)]]),
        "Process": (False, 0.95, [[(0, 0.02), (0.25, 0.22), (0.5, 0.5), (0.75, 0.8), (1, 1)], [(0, 0.04), (0.25, 0.26), (0.5, 0.52), (0.75, 0.76), (1, 0.98)], [(0, 0.1), (0.25, 0.32), (0.5, 0.52), (0.75, 0.7), (1, 0.88)]]),
        "Transfer": (False, 1.05, [[(0, 0.03), (0.25, 0.28), (0.5, 0.56), (0.75, 0.8), (1, 0.98)], [(0, 0.02), (0.25, 0.25), (0.5, 0.5), (0.75, 0.74), (1, 0.95)], [(0, 0.05), (0.25, 0.22), (0.5, 0.42), (0.75, 0.64), (1, 0.85)]]),
    }
    for name, (monochrome, sat, curves) in effects.items():
        fs = [spline(c) for c in curves]
        def effect(u, monochrome=monochrome, sat=sat, fs=fs):
            e = linear_to_srgb(u[..., :3])
            l = (e * LUMA).sum(-1, keepdims=True)
            e = np.repeat(l, 3, -1) if monochrome else l + (e - l) * sat
            out = np.stack([srgb_to_linear(fs[c](np.clip(e[..., c], 0, 1))) for c in range(3)], -1)
            return np.concatenate([out, u[..., 3:]], -1)
        record("photoEffect" + name, per_pixel_unpremultiplied(P, effect))

    def vignette(img, center, scale, inner, outer, intensity):
        h, w = img.shape[:2]
        X, Y = centres(0, 0, w, h)
        rho = np.hypot(X - center[0], Y - center[1]) * scale
        f = 1 - intensity * smoothstep(inner, outer, rho)
        return np.concatenate([img[..., :3] * f[..., None], img[..., 3:]], -1)
    record("vignette", vignette(P, (2, 1.5), 2 / math.hypot(4, 3), min(1 - 1.2 / 2, 0.999), 1, 0.8))
    record("vignetteEffect", vignette(P, (1.5, 1), 1, 2 * (1 - 0.5), 2, 0.9))
    record("vignetteWide", vignette(pattern(12, 10), (6, 5), 2 / math.hypot(12, 10), min(1 - 1.5 / 2, 0.999), 1, 0.7))

def white_balance(source, target):
    def planckian(t):
        t1 = 1e3 / t; t2 = t1 * t1; t3 = t2 * t1
        x = (-0.2661239 * t3 - 0.2343589 * t2 + 0.8776956 * t1 + 0.179910) if t <= 4000 else (-3.0258469 * t3 + 2.1070379 * t2 + 0.2226347 * t1 + 0.240390)
        if t <= 2222: y = -1.1063814 * x ** 3 - 1.34811020 * x ** 2 + 2.18555832 * x - 0.20219683
        elif t <= 4000: y = -0.9549476 * x ** 3 - 1.37418593 * x ** 2 + 2.09137015 * x - 0.16748867
        else: y = 3.0817580 * x ** 3 - 5.87338670 * x ** 2 + 3.75112997 * x - 0.37001483
        return x, y
    def uv(p):
        d = -2 * p[0] + 12 * p[1] + 3
        return 4 * p[0] / d, 6 * p[1] / d
    def xy(neutral):
        t, tint = neutral
        x, y = planckian(min(max(t, 1667), 25000))
        if tint == 0: return x, y
        a, b = uv(planckian(t - 10)), uv(planckian(t + 10))
        du, dv = b[0] - a[0], b[1] - a[1]
        n = math.hypot(du, dv); du, dv = du / n, dv / n
        u, v = uv((x, y))
        u2, v2 = u + dv * tint * 3e-5, v - du * tint * 3e-5
        d = 2 * u2 - 8 * v2 + 4
        return 3 * u2 / d, 2 * v2 / d
    M = np.array([[0.4124564, 0.3575761, 0.1804375], [0.2126729, 0.7151522, 0.0721750], [0.0193339, 0.1191920, 0.9503041]])
    B = np.array([[0.8951, 0.2664, -0.1614], [-0.7502, 1.7135, 0.0367], [0.0389, -0.0685, 1.0296]])
    def XYZ(p): return np.array([p[0] / p[1], 1, (1 - p[0] - p[1]) / p[1]])
    s, d = B @ XYZ(xy(source)), B @ XYZ(xy(target))
    cat = np.linalg.inv(B) @ np.diag(d / s) @ B
    return (np.linalg.inv(M) @ cat @ M).reshape(-1)

# ---------------------------------------------------------------- compositing (source: alpha pattern seed 0, backdrop: seed 1)

def alpha_pattern_seeded(w, h, s):
    """TestImages.alphaPatternPixels(seed:): R = (11x + 7y + 20 + 50s) % 256, G = (5x + 17y + 80 + 30s) % 256,
    B = (23x + 13y + 40 + 70s) % 256, A = (40x + 60y + 30 + 90s) % 256, straight alpha, rows from the top."""
    out = np.zeros((h, w, 4))
    for y in range(h):
        for x in range(w):
            out[y, x] = [(11 * x + 7 * y + 20 + 50 * s) % 256, (5 * x + 17 * y + 80 + 30 * s) % 256,
                         (23 * x + 13 * y + 40 + 70 * s) % 256, (40 * x + 60 * y + 30 + 90 * s) % 256]
    out = out[::-1]
    a = out[..., 3:4] / 255.0
    return np.concatenate([srgb_to_linear(out[..., :3] / 255.0) * a, a], axis=2)

def blend_separable(name, cb, cs):
    if name == "multiply": return cb * cs
    if name == "screen": return cb + cs - cb * cs
    if name == "overlay": return np.where(cb <= 0.5, 2 * cs * cb, 1 - 2 * (1 - cs) * (1 - cb))
    if name == "darken": return np.minimum(cb, cs)
    if name == "lighten": return np.maximum(cb, cs)
    if name == "colorDodge":
        return np.where(cb <= 0, 0, np.where(cs >= 1, 1, np.minimum(1, cb / np.where(cs < 1, 1 - cs, 1))))
    if name == "colorBurn":
        return np.where(cb >= 1, 1, np.where(cs <= 0, 0, 1 - np.minimum(1, (1 - cb) / np.where(cs > 0, cs, 1))))
    if name == "hardLight": return np.where(cs <= 0.5, 2 * cs * cb, 1 - 2 * (1 - cs) * (1 - cb))
    if name == "softLight":
        d = np.where(cb <= 0.25, ((16 * cb - 12) * cb + 4) * cb, np.sqrt(np.maximum(cb, 0)))
        return np.where(cs <= 0.5, cb - (1 - 2 * cs) * cb * (1 - cb), cb + (2 * cs - 1) * (d - cb))
    if name == "difference": return np.abs(cb - cs)
    if name == "exclusion": return cb + cs - 2 * cb * cs
    if name == "subtract": return cb - cs
    if name == "divide": return np.where(cs > 0, cb / np.where(cs > 0, cs, 1), np.where(cb > 0, 1, 0))
    if name == "linearBurn": return cb + cs - 1
    if name == "linearDodge": return cb + cs
    if name == "pinLight": return np.where(cs <= 0.5, np.minimum(cb, 2 * cs), np.maximum(cb, 2 * cs - 1))
    raise KeyError(name)

def lum(c): return 0.3 * c[..., 0] + 0.59 * c[..., 1] + 0.11 * c[..., 2]
def sat(c): return c.max(-1) - c.min(-1)
def clip_color(c):
    l = lum(c)[..., None]; n = c.min(-1, keepdims=True); x = c.max(-1, keepdims=True)
    c = np.where(n < 0, l + (c - l) * l / np.maximum(l - n, 1e-9), c)
    return np.where(x > 1, l + (c - l) * (1 - l) / np.maximum(x - l, 1e-9), c)
def set_lum(c, l): return clip_color(c + (l - lum(c))[..., None])
def set_sat(c, s):
    hi = c.max(-1, keepdims=True); lo = c.min(-1, keepdims=True)
    return np.where(hi > lo, (c - lo) * s[..., None] / np.where(hi > lo, hi - lo, 1), 0)

def blend_mode(name, S, D):
    sa, da = S[..., 3:4], D[..., 3:4]
    if name == "sourceAtop": return np.concatenate([S[..., :3] * da + D[..., :3] * (1 - sa), da], -1)
    if name == "sourceIn": return S * da
    if name == "sourceOut": return S * (1 - da)
    if name == "addition": return S + D
    if name == "multiplyCompositing": return S * D
    if name == "minimum": return np.minimum(S, D)
    if name == "maximum": return np.maximum(S, D)
    if name == "sourceOver": return S + D * (1 - sa)
    cs = unpremultiply(S)[..., :3]; cb = unpremultiply(D)[..., :3]
    if name == "hue": b = set_lum(set_sat(cs, sat(cb)), lum(cb))
    elif name == "saturation": b = set_lum(set_sat(cb, sat(cs)), lum(cb))
    elif name == "color": b = set_lum(cs, lum(cb))
    elif name == "luminosity": b = set_lum(cb, lum(cs))
    else: b = blend_separable(name, cb, cs)
    rgb = cs * sa * (1 - da) + cb * da * (1 - sa) + b * sa * da
    return np.concatenate([rgb, sa + da * (1 - sa)], -1)

BLEND_FILTERS = {
    "sourceOverCompositing": "sourceOver", "sourceAtopCompositing": "sourceAtop", "sourceInCompositing": "sourceIn",
    "sourceOutCompositing": "sourceOut", "additionCompositing": "addition", "multiplyCompositing": "multiplyCompositing",
    "minimumCompositing": "minimum", "maximumCompositing": "maximum", "multiplyBlendMode": "multiply",
    "screenBlendMode": "screen", "overlayBlendMode": "overlay", "darkenBlendMode": "darken", "lightenBlendMode": "lighten",
    "colorDodgeBlendMode": "colorDodge", "colorBurnBlendMode": "colorBurn", "hardLightBlendMode": "hardLight",
    "softLightBlendMode": "softLight", "differenceBlendMode": "difference", "exclusionBlendMode": "exclusion",
    "subtractBlendMode": "subtract", "divideBlendMode": "divide", "linearBurnBlendMode": "linearBurn",
    "linearDodgeBlendMode": "linearDodge", "pinLightBlendMode": "pinLight", "hueBlendMode": "hue",
    "saturationBlendMode": "saturation", "colorBlendMode": "color", "luminosityBlendMode": "luminosity",
}

def compositing():
    S, D = alpha_pattern_seeded(4, 3, 0), alpha_pattern_seeded(4, 3, 1)
    for filter_name, mode in BLEND_FILTERS.items():
        record(filter_name, blend_mode(mode, S, D))
    M = pattern(4, 3)
    for name, channel in [("blendWithMask", 1), ("blendWithRedMask", 0), ("blendWithBlueMask", 2), ("blendWithAlphaMask", 3)]:
        m = np.clip(M[..., channel:channel + 1], 0, 1)
        record(name, D + (S - D) * m)

# ---------------------------------------------------------------- generators (region 6×4 at the origin unless noted)

def generators():
    c0, c1 = srgb_color(1, 0.5, 0.2), srgb_color(0, 0.2, 0.6)
    X, Y = centres(0, 0, 6, 4)
    t = np.clip((np.hypot(X - 3, Y - 2) - 0.5) / (3 - 0.5), 0, 1)[..., None]
    record("radialGradient", c0 + (c1 - c0) * t)
    v = np.array([6.0, 4.0])
    t = np.clip((X * v[0] + Y * v[1]) / (v @ v), 0, 1)[..., None]
    record("linearGradient", c0 + (c1 - c0) * t)
    record("smoothLinearGradient", c0 + (c1 - c0) * (t * t * (3 - 2 * t)))
    for name, sharp in [("checkerboardGenerator", 1.0), ("checkerboardGeneratorSoft", 0.5)]:
        qx, qy = (X - 1) / 2, (Y - 1) / 2
        cx, cy = np.floor(qx), np.floor(qy)
        parity = ((cx + cy) % 2 != 0).astype(float)
        fx, fy = qx - cx, qy - cy
        edge = np.minimum(np.minimum(fx, 1 - fx), np.minimum(fy, 1 - fy))
        soft = (1 - sharp) * 0.5
        b = np.minimum(edge / soft, 1) if soft > 0 else np.ones_like(edge)
        tt = (0.5 + (parity - 0.5) * b)[..., None]
        record(name, srgb_color(1, 1, 1) + (srgb_color(0, 0, 0) - srgb_color(1, 1, 1)) * tt)
    record("constantColorGenerator", np.broadcast_to(srgb_color(0.2, 0.4, 0.6, 0.8), (4, 6, 4)))
    # Hue/saturation/value wheel, radius 3, value 0.8, softness 1, no dither: region (-3, -3, 6, 6).
    X, Y = centres(-3, -3, 6, 6)
    d = np.hypot(X, Y)
    hue = np.arctan2(Y, X) / (2 * math.pi); hue = np.where(hue < 0, hue + 1, hue)
    s = np.minimum(d / 3, 1); val = 0.8
    h6 = (hue - np.floor(hue)) * 6; sector = np.floor(h6).astype(int) % 6; f = h6 - np.floor(h6)
    p, q, tt = val * (1 - s), val * (1 - s * f), val * (1 - s * (1 - f))
    table = [(val, tt, p), (q, val, p), (p, val, tt), (p, q, val), (tt, p, val), (val, p, q)]
    rgb = np.zeros(X.shape + (3,))
    for k, (r_, g_, b_) in enumerate(table):
        mask = sector == k
        for c, comp in enumerate((r_, g_, b_)):
            rgb[..., c] = np.where(mask, comp if np.ndim(comp) else comp, rgb[..., c])
    alpha = np.clip((3 - d) / 1, 0, 1)[..., None]
    record("hueSaturationValueGradient", np.concatenate([srgb_to_linear(rgb) * alpha, alpha], -1))

# ---------------------------------------------------------------- neighbourhood filters (input: pattern 12×10)

def gaussian_weights(sigma):
    r = math.ceil(3 * sigma)
    w = np.array([math.exp(-(k * k) / (2 * sigma * sigma)) for k in range(-r, r + 1)])
    return w / w.sum()

def separable(img, wx, wy, mode="zero"):
    """Convolve (same size as img), pixels outside clear ("zero") or edge-replicated ("edge")."""
    rx, ry = len(wx) // 2, len(wy) // 2
    padded = np.pad(img, ((ry, ry), (rx, rx), (0, 0)), mode="constant" if mode == "zero" else "edge")
    h, w = img.shape[:2]
    tmp = sum(wx[k] * padded[:, k:k + w] for k in range(len(wx)))
    return sum(wy[k] * tmp[k:k + h] for k in range(len(wy)))

def neighbourhood_filters():
    P = pattern(12, 10)
    g = gaussian_weights(1.5)
    record("gaussianBlur", separable(P, g, g))
    box = np.full(5, 1 / 5)
    record("boxBlur", separable(P, box, box))

    r = 2.5; reach = 2
    padded = np.pad(P, ((reach, reach), (reach, reach), (0, 0)))
    out = np.zeros_like(P); count = 0
    for dy in range(-reach, reach + 1):
        half = int(math.floor(math.sqrt(r * r - dy * dy)))
        for dx in range(-half, half + 1):
            out += padded[reach + dy:reach + dy + 10, reach + dx:reach + dx + 12]
            count += 1
    record("discBlur", out / count)

    n, radius, angle = 3, 3.0, 0.5
    d = np.array([math.cos(angle), math.sin(angle)])
    offs = [d * (k * radius / n) for k in range(-n, n + 1)]
    record("motionBlur", render(lambda x, y: sum(bilinear(P, x + o[0], y + o[1]) for o in offs) / len(offs), 0, 0, 12, 10))

    X, _ = centres(0, 0, 12, 10)
    m = np.clip(X / 12, 0, 1) * 4
    levels = [P] + [separable(P, gaussian_weights(4 * k / 4), gaussian_weights(4 * k / 4)) for k in range(1, 5)]
    k = np.minimum(np.floor(m).astype(int), 3); f = (m - k)[..., None]
    out = np.zeros_like(P)
    for j in range(10):
        for i in range(12):
            kk = k[j, i]
            out[j, i] = levels[kk][j, i] * (1 - f[j, i]) + levels[kk + 1][j, i] * f[j, i]
    record("maskedVariableBlur", out)

    b = separable(P, gaussian_weights(1.5), gaussian_weights(1.5), "edge")
    usm = P + (P - b) * 0.8; usm[..., 3] = P[..., 3]
    record("unsharpMask", usm)
    b = separable(P, gaussian_weights(1.2), gaussian_weights(1.2), "edge")
    detail = 0.6 * (luma(unpremultiply(P)) - luma(unpremultiply(b)))
    record("sharpenLuminance", np.concatenate([P[..., :3] + detail[..., None], P[..., 3:]], -1))
    b = separable(P, gaussian_weights(1), gaussian_weights(1), "edge")
    dd = P - b
    keep = smoothstep(0.03, 0.06, np.abs(luma(dd)))[..., None]
    record("noiseReduction", b + dd * keep * 1.5)
    guide = separable(P, gaussian_weights(2), gaussian_weights(2), "edge")
    l = np.clip(luma(unpremultiply(guide)), 0, 1)[..., None]
    f = 1 + 0.5 * (1 - l) ** 2 - 0.3 * l ** 2
    record("highlightShadowAdjustRadius", np.concatenate([P[..., :3] * f, P[..., 3:]], -1))

# ---------------------------------------------------------------- geometry

def affine_inverse(a, b, c, d, tx, ty):
    det = a * d - b * c
    ia, ib, ic, id_ = d / det, -b / det, -c / det, a / det
    return ia, ib, ic, id_, -(tx * ia + ty * ic), -(tx * ib + ty * id_)

def warp(img, inverse, x0, y0, w, h, ox=0, oy=0, sampler=bilinear):
    a, b, c, d, tx, ty = inverse
    return render(lambda x, y: sampler(img, a * x + c * y + tx, b * x + d * y + ty, ox, oy), x0, y0, w, h)

def lanczos_weights(o, scale):
    support = 3 / min(scale, 1)
    centre = (o + 0.5) / scale
    first, last = math.floor(centre - support), math.ceil(centre + support)
    def sinc(x): return 1.0 if x == 0 else math.sin(math.pi * x) / (math.pi * x)
    ws = []
    for i in range(first, last + 1):
        t = (centre - (i + 0.5)) * min(scale, 1)
        ws.append(sinc(t) * sinc(t / 3) if abs(t) < 3 else 0)
    total = sum(ws)
    return first, [x / total for x in ws]

def homography(src, dst):
    A = []; rhs = []
    for (x, y), (u, v) in zip(src, dst):
        A.append([x, y, 1, 0, 0, 0, -u * x, -u * y]); rhs.append(u)
        A.append([0, 0, 0, x, y, 1, -v * x, -v * y]); rhs.append(v)
    h = np.linalg.solve(np.array(A), np.array(rhs))
    H = np.append(h, 1).reshape(3, 3)
    return lambda p: ((H[0, 0] * p[0] + H[0, 1] * p[1] + H[0, 2]) / (H[2, 0] * p[0] + H[2, 1] * p[1] + H[2, 2]),
                      (H[1, 0] * p[0] + H[1, 1] * p[1] + H[1, 2]) / (H[2, 0] * p[0] + H[2, 1] * p[1] + H[2, 2]))

def geometry_filters():
    P = pattern(12, 10)
    c, s = math.cos(0.3), math.sin(0.3)
    record("affineTransform", warp(P, affine_inverse(c, s, -s, c, 2, 1), 0, 0, 12, 10))

    sx, sy = 0.75, 0.5
    ow, oh = round(12 * sx), round(10 * sy)
    horizontal = {}
    for y in range(-20, 30):
        horizontal[y] = [sum(wk * sample(P, first + k, y) for k, wk in enumerate(ws)) for (first, ws) in [lanczos_weights(o, sx) for o in range(ow)]]
    out = np.zeros((oh, ow, 4))
    for oy in range(oh):
        first, ws = lanczos_weights(oy, sy)
        for ox in range(ow):
            out[oy, ox] = sum(wk * horizontal[first + k][ox] for k, wk in enumerate(ws))
    record("lanczosScaleTransform", out)

    angle = 0.2; ca, sa = abs(math.cos(angle)), abs(math.sin(angle))
    scale = max((12 * ca + 10 * sa) / 12, (12 * sa + 10 * ca) / 10)
    c, s = math.cos(angle), math.sin(angle)
    # T = translate(-6,-5) · rotate · scale · translate(6,5) as (a, b, c, d, tx, ty)
    a, b, cc, d = c * scale, s * scale, -s * scale, c * scale
    tx = -6 * a - 5 * cc + 6; ty = -6 * b - 5 * d + 5
    record("straightenFilter", warp(P, affine_inverse(a, b, cc, d, tx, ty), 0, 0, 12, 10))

    tl, tr, br, bl = (2, 8), (10, 9), (11, 1), (1, 2)
    L = lambda p, q: math.hypot(p[0] - q[0], p[1] - q[1])
    w, h = max(L(tr, tl), L(br, bl)), max(L(tl, bl), L(tr, br))
    o = (1, 1)
    H = homography([o, (o[0] + w, o[1]), (o[0] + w, o[1] + h), (o[0], o[1] + h)], [bl, br, tr, tl])
    record("perspectiveCorrection", render(lambda x, y: bilinear(P, *H((x, y))), 1, 1, int(math.floor(w)), int(math.floor(h))))

    def stretched(v, b0, b1, grow):
        if v <= b0: return v
        if v >= b1 + grow: return v - grow
        return b0 + (v - b0) * (b1 - b0) / (b1 + grow - b0)
    def tiled(v, b0, b1, grow, flip):
        if v <= b0: return v
        if v >= b1 + grow: return v - grow
        period = b1 - b0; k = math.floor((v - b0) / period); f = (v - b0) - k * period
        if flip and k % 2 != 0: f = period - f
        return b0 + f
    record("ninePartStretched", render(lambda x, y: bilinear(P, stretched(x, 3, 6, 4), stretched(y, 3, 5, 2)), 0, 0, 16, 12))
    record("ninePartTiled", render(lambda x, y: bilinear(P, tiled(x, 3, 6, 4, False), tiled(y, 3, 5, 2, True)), 0, 0, 16, 12))

    small, guide = pattern(4, 3), pattern(12, 9)
    scale = np.array([4 / 12, 3 / 9]); sigma = 1.0; window = 2
    def gl(p):
        return (p[0] * 0.2125 + p[1] * 0.7154 + p[2] * 0.0721) / p[3] if p[3] > 0 else 0
    def epu(x, y):
        lp = gl(sample(guide, math.floor(x), math.floor(y)))
        q = np.array([x, y]) * scale
        qx, qy = math.floor(q[0] - 0.5), math.floor(q[1] - 0.5)
        acc = np.zeros(4); tot = 0
        for j in range(qy - window + 1, qy + window + 1):
            for i in range(qx - window + 1, qx + window + 1):
                jc = np.array([i + 0.5, j + 0.5]); dd = jc - q
                gp = jc / scale
                lg = gl(sample(guide, math.floor(gp[0]), math.floor(gp[1])))
                wgt = math.exp(-(dd @ dd) / (2 * sigma * sigma)) * math.exp(-(lp - lg) ** 2 / (2 * 0.15 * 0.15))
                acc += sample(small, i, j) * wgt; tot += wgt
        return acc / tot if tot > 0 else acc
    record("edgePreserveUpsampleFilter", render(epu, 0, 0, 12, 9))

    crop = np.zeros_like(P); crop[3:7, 2:7] = P[3:7, 2:7]
    record("crop", crop)
    record("affineClamp", render(lambda x, y: clamped_bilinear(P, x / 1.5, y / 1.5), -2, -2, 8, 6))
    record("pixellate", render(lambda x, y: nearest(P, 1 + (math.floor((x - 1) / 3) + 0.5) * 3, 1 + (math.floor((y - 1) / 3) + 0.5) * 3), 0, 0, 12, 10))

def clamped_bilinear(img, fx, fy):
    """Bilinear sampling of an image whose edge pixels repeat outward (clampedToExtent)."""
    h, w = img.shape[:2]
    gx, gy = fx - 0.5, fy - 0.5
    x0, y0 = math.floor(gx), math.floor(gy)
    tx, ty = gx - x0, gy - y0
    def at(x, y): return img[min(max(y, 0), h - 1), min(max(x, 0), w - 1)]
    top = at(x0, y0) * (1 - tx) + at(x0 + 1, y0) * tx
    bottom = at(x0, y0 + 1) * (1 - tx) + at(x0 + 1, y0 + 1) * tx
    return top * (1 - ty) + bottom * ty

def reductions():
    P = pattern(12, 10)
    record("areaAverage", P[1:7, 2:10].reshape(-1, 4).mean(0).reshape(1, 1, 4))
    u = unpremultiply(P).reshape(-1, 4)
    hist = np.zeros((1, 8, 4))
    for c in range(4):
        bins = np.minimum((np.clip(u[:, c], 0, 1) * 8).astype(int), 7)
        for b_ in bins: hist[0, b_, c] += 1
    record("areaHistogram", hist / u.shape[0])

# ---------------------------------------------------------------- convolutions and morphology (input: pattern 12×10)

CONVOLUTION_BIAS = 0.02

def convolution_weights(n):
    """FilterReferenceCases.convolutionWeights(n): w_i = ((7i + 3) mod 11 − 4) / (2.5 n), i = 0…n−1 (asymmetric, sign-mixed)."""
    return np.array([((7 * i + 3) % 11 - 4) / (2.5 * n) for i in range(n)])

def convolve(img, weights, W, H, bias, x0, y0, w, h):
    """Apple's definition: every component is Σ weights[row·W + col] · in(x − rx + col, y + ry − row) + bias, row 0 the top
    row of the neighbourhood, clamped to 0…1; clear outside the input. Rendered over (x0, y0, w, h)."""
    rx, ry = W // 2, H // 2
    out = np.zeros((h, w, 4))
    for j in range(h):
        for i in range(w):
            x, y = x0 + i, y0 + j
            acc = np.zeros(4)
            for row in range(H):
                for col in range(W):
                    acc += weights[row * W + col] * sample(img, x - rx + col, y + ry - row)
            out[j, i] = np.clip(acc + bias, 0, 1)
    return out

def morphology(img, offsets, op, x0, y0, w, h):
    """Per-component max/min of the input over (x + dx, y + dy) for every offset; clear outside the input."""
    out = np.zeros((h, w, 4))
    for j in range(h):
        for i in range(w):
            values = np.array([sample(img, x0 + i + dx, y0 + j + dy) for dx, dy in offsets])
            out[j, i] = values.max(0) if op == "max" else values.min(0)
    return out

def disc_offsets(r):
    """Offsets whose distance from the centre is at most r."""
    k = int(math.floor(r))
    return [(dx, dy) for dy in range(-k, k + 1) for dx in range(-k, k + 1) if dx * dx + dy * dy <= r * r]

def rect_offsets(width, height):
    """Apple's widths rounded to the nearest odd integer (halves away from zero)."""
    hx, hy = int(math.floor((width - 1) / 2 + 0.5)), int(math.floor((height - 1) / 2 + 0.5))
    return [(dx, dy) for dy in range(-hy, hy + 1) for dx in range(-hx, hx + 1)]

def convolution_and_morphology():
    P = pattern(12, 10)
    for name, W, H in [("convolution3X3", 3, 3), ("convolution5X5", 5, 5), ("convolution7X7", 7, 7),
                       ("convolution9Horizontal", 9, 1), ("convolution9Vertical", 1, 9)]:
        rx, ry = W // 2, H // 2
        record(name, convolve(P, convolution_weights(W * H), W, H, CONVOLUTION_BIAS, -rx, -ry, 12 + 2 * rx, 10 + 2 * ry))
    record("morphologyMaximum", morphology(P, disc_offsets(2.5), "max", -2, -2, 16, 14))
    record("morphologyMinimum", morphology(P, disc_offsets(2.5), "min", -2, -2, 16, 14))
    hi, lo = morphology(P, disc_offsets(2), "max", -2, -2, 16, 14), morphology(P, disc_offsets(2), "min", -2, -2, 16, 14)
    record("morphologyGradient", np.concatenate([hi[..., :3] - lo[..., :3], hi[..., 3:]], -1))
    record("morphologyRectangleMaximum", morphology(P, rect_offsets(4, 3), "max", -2, -1, 16, 12))
    record("morphologyRectangleMinimum", morphology(P, rect_offsets(3, 6), "min", -1, -3, 14, 16))

# ---------------------------------------------------------------- more generators

def random_values(x0, y0, w, h):
    """RandomKernel: fmix32(x·0x8DA6B343 ⊕ y·0xD8163841 ⊕ c·0xCB1AB31F) >> 8, over 2²⁴, in wrapping uint32 arithmetic."""
    M = 0xFFFFFFFF
    out = np.zeros((h, w, 4))
    for j in range(h):
        for i in range(w):
            for c in range(4):
                v = (((x0 + i) & M) * 0x8DA6B343 & M) ^ (((y0 + j) & M) * 0xD8163841 & M) ^ (c * 0xCB1AB31F & M)
                v ^= v >> 16; v = v * 0x85EBCA6B & M
                v ^= v >> 13; v = v * 0xC2B2AE35 & M
                v ^= v >> 16
                out[j, i, c] = (v >> 8) / 16777216.0
    return out

def more_generators():
    c0, c1 = srgb_color(1, 0.5, 0.2), srgb_color(0, 0.2, 0.6)
    X, _ = centres(0, 0, 6, 4)
    for name, sharpness in [("stripesGenerator", 1.0), ("stripesGeneratorSoft", 0.5)]:
        q = (X - 1) / 2
        cell = np.floor(q)
        parity = np.mod(cell, 2)
        f = q - cell
        edge = np.minimum(f, 1 - f)
        soft = (1 - sharpness) * 0.5
        blend = np.minimum(edge / soft, 1) if soft > 0 else np.ones_like(edge)
        t = (0.5 + (parity - 0.5) * blend)[..., None]
        record(name, c0 + (c1 - c0) * t)
    record("randomGenerator", random_values(-3, -2, 6, 4))
    # Rounded rectangle (0.5, 1, 9, 6), radius 2.5, colour (0.2, 0.6, 0.9, 0.8); extent (0, 1, 10, 6) rendered over (0, 0, 11, 8).
    color = srgb_color(0.2, 0.6, 0.9, 0.8)
    X, Y = centres(0, 0, 11, 8)
    cx, cy, hw, hh, r = 0.5 + 4.5, 1 + 3, 4.5, 3, 2.5
    qx, qy = np.abs(X - cx) - (hw - r), np.abs(Y - cy) - (hh - r)
    d = np.hypot(np.maximum(qx, 0), np.maximum(qy, 0)) + np.minimum(np.maximum(qx, qy), 0) - r
    coverage = np.clip(0.5 - d, 0, 1)
    inside = (X > 0) & (X < 10) & (Y > 1) & (Y < 7)
    record("roundedRectangleGenerator", color * (coverage * inside)[..., None])
    # Blurred rectangle (2, 1.5, 5, 3), σ = 1.2, colour (0.9, 0.3, 0.1, 0.7): extent (−2, −3, 13, 12)
    # (the rectangle grown by 3σ, rounded out) rendered over (−3, −3, 14, 12).
    color = srgb_color(0.9, 0.3, 0.1, 0.7)
    X, Y = centres(-3, -3, 14, 12)
    def cover(p, lo, hi, s=1.2):
        f = np.vectorize(lambda v: 0.5 * (math.erf((hi - v) / (s * math.sqrt(2))) - math.erf((lo - v) / (s * math.sqrt(2)))))
        return f(p)
    inside = (X > -2) & (X < 11) & (Y > -3) & (Y < 9)
    record("blurredRectangleGenerator", color * (cover(X, 2, 7) * cover(Y, 1.5, 4.5) * inside)[..., None])


# ---------------------------------------------------------------- tile effects

def round_away(v):
    """Swift's `rounded()`: half away from zero."""
    return math.copysign(math.floor(abs(v) + 0.5), v)

def reduce_angle(a, period):
    r = a - math.floor(a / period) * period
    return r - period if r >= period else (0.0 if r < 0 else r)

def lattice(centre, width, angle, between):
    """(origin, a, b, inverse) for a tile lattice: sides `width` at `angle` and `angle + between`."""
    o = np.array(centre, dtype=float)
    a = width * np.array([math.cos(angle), math.sin(angle)])
    b = width * np.array([math.cos(angle + between), math.sin(angle + between)])
    return o, a, b, np.linalg.inv(np.column_stack([a, b]))

def lattice_fold(img, centre, width, angle, between, fold):
    o, a, b, inv = lattice(centre, width, angle, between)
    def f(x, y):
        u, v = inv @ (np.array([x, y]) - o)
        fu, fv = fold(u, v)
        q = o + fu * a + fv * b
        return bilinear(img, q[0], q[1])
    return f

def hexagonal_fold(img, centre, width, angle, fold):
    o, a, b, inv = lattice(centre, width, angle, math.pi / 3)
    def f(x, y):
        p = np.array([x, y])
        u, v = inv @ (p - o)
        u0, v0 = math.floor(u), math.floor(v)
        best, best_len = None, math.inf
        for du, dv in [(0, 0), (1, 0), (0, 1), (1, 1)]:
            r = p - (o + (u0 + du) * a + (v0 + dv) * b)
            length = r @ r
            if length < best_len: best, best_len = r, length
        rho = math.sqrt(best_len)
        alpha = fold(reduce_angle(math.atan2(best[1], best[0]) - angle, 2 * math.pi)) + angle
        q = o + rho * np.array([math.cos(alpha), math.sin(alpha)])
        return bilinear(img, q[0], q[1])
    return f

def periodic_bilinear(img, fx, fy):
    h, w = img.shape[:2]
    gx, gy = fx - 0.5, fy - 0.5
    x0, y0 = math.floor(gx), math.floor(gy)
    tx, ty = gx - x0, gy - y0
    def at(i, j): return img[j % h, i % w]
    top = at(x0, y0) * (1 - tx) + at(x0 + 1, y0) * tx
    bottom = at(x0, y0 + 1) * (1 - tx) + at(x0 + 1, y0 + 1) * tx
    return top * (1 - ty) + bottom * ty

def tile_effects():
    """The 12×10 pattern through each tile effect, rendered over (−2, −2, 16, 14): centre (6, 5), width 5,
    angle 0.3, acute angle 1.2 where the filter has one (see Filters/TileEffect for the maths)."""
    P = pattern(12, 10)
    C, W, A, ACUTE = (6, 5), 5, 0.3, 1.2
    region = (-2, -2, 16, 14)
    def centred(v): return v - round_away(v)
    def mirrored(v): return abs(v - round_away(v))
    record("fourfoldTranslatedTile", render(lattice_fold(P, C, W, A, ACUTE, lambda u, v: (centred(u), centred(v))), *region))
    record("fourfoldReflectedTile", render(lattice_fold(P, C, W, A, ACUTE, lambda u, v: (mirrored(u), mirrored(v))), *region))
    def rotate4(u, v):
        x, y = centred(u), centred(v)
        if x >= 0 and y >= 0: return x, y
        if x < 0 and y >= 0: return y, -x
        if x < 0 and y < 0: return -x, -y
        return -y, x
    record("fourfoldRotatedTile", render(lattice_fold(P, C, W, A, math.pi / 2, rotate4), *region))
    def eight(u, v):
        x, y = mirrored(u), mirrored(v)
        return (y, x) if y > x else (x, y)
    record("eightfoldReflectedTile", render(lattice_fold(P, C, W, A, math.pi / 2, eight), *region))
    def glide(u, v):
        row = round_away(v); x = centred(u)
        return (-x if math.fmod(row, 2) != 0 else x, v - row)
    record("glideReflectedTile", render(lattice_fold(P, C, W, A, math.pi / 2, glide), *region))
    def parallelogram(u, v):
        x, y = centred(u), centred(v)
        return (y, x) if y > x else (x, y)
    record("parallelogramTile", render(lattice_fold(P, C, W, A, ACUTE, parallelogram), *region))
    o, a, b, inv = lattice(C, W, A, math.pi / 3)
    o = o - (a + b) / 3
    def triangle(x, y):
        u, v = inv @ (np.array([x, y]) - o)
        u, v = u - math.floor(u), v - math.floor(v)
        if u + v > 1: u, v = 1 - u, 1 - v
        q = o + u * a + v * b
        return bilinear(P, q[0], q[1])
    record("triangleTile", render(triangle, *region))
    third = math.pi / 3
    record("sixfoldRotatedTile", render(hexagonal_fold(P, C, W, A, lambda al: reduce_angle(al, third)), *region))
    def six(al):
        beta = reduce_angle(al - math.pi / 6, 2 * third)
        if beta > third: beta = 2 * third - beta
        return beta + math.pi / 6
    record("sixfoldReflectedTile", render(hexagonal_fold(P, C, W, A, six), *region))
    def twelve(al):
        beta = reduce_angle(al, third)
        return third - beta if beta > math.pi / 6 else beta
    record("twelvefoldReflectedTile", render(hexagonal_fold(P, C, W, A, twelve), *region))
    # Kaleidoscope: count 3, centre (6, 5), angle 0.4.
    sector = math.pi / 3
    def kaleido(x, y):
        r = np.array([x - 6, y - 5]); rho = math.hypot(*r)
        al = reduce_angle(math.atan2(r[1], r[0]) - 0.4, 2 * sector)
        if al > sector: al = 2 * sector - al
        return bilinear(P, 6 + rho * math.cos(al + 0.4), 5 + rho * math.sin(al + 0.4))
    record("kaleidoscope", render(kaleido, *region))
    # Affine tile: T = rotate 0.3, scale 0.8, then translate (1, 2); samples the repeated pattern at T⁻¹(p).
    c, s = math.cos(0.3) * 0.8, math.sin(0.3) * 0.8
    inv_t = affine_inverse(c, s, -s, c, 1, 2)
    def affine_tile(x, y):
        ia, ib, ic, id_, itx, ity = inv_t
        return periodic_bilinear(P, ia * x + ic * y + itx, ib * x + id_ * y + ity)
    record("affineTile", render(affine_tile, *region))
    # Perspective tile: the extent's corners (0,0) (12,0) (12,10) (0,10) seen at BL (1, 1), BR (9, 2), TR (8, 7), TL (2, 8).
    quad = [(1, 1), (9, 2), (8, 7), (2, 8)]
    record("perspectiveTile", render(perspective_tile_sampler(P, quad), *region))
    # Triangle kaleidoscope: point (6, 5), size 6, rotation 0.3, decay 0.5. Folded by reflecting the point
    # across whichever side of the triangle it lies beyond until it is inside (an independent route to the
    # engine's barycentric labelling), faded by exp(-decay * max(0, rho - R) / size).
    record("triangleKaleidoscope", render(triangle_kaleidoscope(P, (6, 5), 6, 0.3, 0.5), *region))
    # Op tile: centre (6, 5), width 5, angle 0.3, scale 1.6: p samples c + scale (p - c), c its tile's centre.
    record("opTile", render(op_tile(P, (6, 5), 5, 0.3, 1.6), *region))

def triangle_kaleidoscope(P, point, size, rotation, decay):
    c = np.array(point, float)
    a = size * np.array([math.cos(rotation), math.sin(rotation)])
    b = size * np.array([math.cos(rotation + math.pi / 3), math.sin(rotation + math.pi / 3)])
    v0 = c - (a + b) / 3
    corners = [v0, v0 + a, v0 + b]
    R = size / math.sqrt(3)
    def f(x, y):
        q = np.array([x, y], float)
        for _ in range(1000):
            moved = False
            for k in range(3):
                p0, p1, opposite = corners[k], corners[(k + 1) % 3], corners[(k + 2) % 3]
                d = p1 - p0
                n = np.array([-d[1], d[0]]) / np.linalg.norm(d)
                if (opposite - p0) @ n < 0: n = -n
                dist = (q - p0) @ n
                if dist < -1e-12:
                    q = q - 2 * dist * n
                    moved = True
            if not moved: break
        w = math.exp(-decay * max(0.0, math.hypot(x - c[0], y - c[1]) - R) / size)
        return bilinear(P, q[0], q[1]) * w
    return f

def op_tile(P, centre, width, angle, scale):
    o, a, b, inv = lattice(centre, width, angle, math.pi / 2)
    def f(x, y):
        p = np.array([x, y], float)
        u, v = inv @ (p - o)
        c = o + round_away(u) * a + round_away(v) * b
        q = c + scale * (p - c)
        return bilinear(P, q[0], q[1])
    return f

def perspective_tile_sampler(P, quad):
    dst = [(0, 0), (12, 0), (12, 10), (0, 10)]
    A = []; rhs = []
    for (x, y), (u, v) in zip(quad, dst):
        A.append([x, y, 1, 0, 0, 0, -u * x, -u * y]); rhs.append(u)
        A.append([0, 0, 0, x, y, 1, -v * x, -v * y]); rhs.append(v)
    m = list(np.linalg.solve(np.array(A, float), np.array(rhs, float))) + [1.0]
    inside = np.mean(np.array(quad, float), axis=0)
    sign = -1 if m[6] * inside[0] + m[7] * inside[1] + m[8] < 0 else 1
    def f(x, y):
        w = m[6] * x + m[7] * y + m[8]
        if w * sign <= 1e-12: return np.zeros(4)
        return periodic_bilinear(P, (m[0] * x + m[1] * y + m[2]) / w, (m[3] * x + m[4] * y + m[5]) / w)
    return f

# ---------------------------------------------------------------- colour maths (4×3 pattern; two alpha patterns)

POLY = {"r": [0.05, 0.9, 0.3, -0.2], "g": [0, 1.2, -0.4, 0.1], "b": [0.1, 0.5, 0.5, 0], "a": [0.1, 0.8, 0, 0]}
CROSS = {"r": [0.8, 0.1, 0.05, 0.2, -0.1, 0, 0.3, 0, -0.2, 0.02],
         "g": [0, 0.9, 0.1, 0, 0.2, -0.1, 0, 0.25, 0, 0.01],
         "b": [0.1, 0, 0.7, -0.05, 0, 0.3, 0.1, 0, 0.15, 0]}

def color_maths():
    P = pattern(4, 3)
    def extreme(u, f):
        m = f(u[..., :3], axis=-1)[..., None]
        return np.concatenate([m, m, m, u[..., 3:]], -1)
    record("maximumComponent", per_pixel_unpremultiplied(P, lambda u: extreme(u, np.max)))
    record("minimumComponent", per_pixel_unpremultiplied(P, lambda u: extreme(u, np.min)))
    def cubic(k, c): return k[0] + k[1] * c + k[2] * c ** 2 + k[3] * c ** 3
    record("colorPolynomial", per_pixel_unpremultiplied(P, lambda u: np.stack(
        [cubic(POLY["r"], u[..., 0]), cubic(POLY["g"], u[..., 1]), cubic(POLY["b"], u[..., 2]), cubic(POLY["a"], u[..., 3])], -1)))
    def cross(k, u):
        r, g, b = u[..., 0], u[..., 1], u[..., 2]
        return k[0] * r + k[1] * g + k[2] * b + k[3] * r * r + k[4] * g * g + k[5] * b * b + k[6] * r * g + k[7] * g * b + k[8] * b * r + k[9]
    record("colorCrossPolynomial", per_pixel_unpremultiplied(P, lambda u: np.stack(
        [cross(CROSS["r"], u), cross(CROSS["g"], u), cross(CROSS["b"], u), u[..., 3]], -1)))
    record("colorThreshold", per_pixel_unpremultiplied(P, lambda u: np.concatenate([(u[..., :3] > 0.3).astype(float), u[..., 3:]], -1)))
    S, D = alpha_pattern_seeded(4, 3, 0), alpha_pattern_seeded(4, 3, 1)
    us, ud = unpremultiply(S), unpremultiply(D)
    record("colorAbsoluteDifference", premultiply(np.concatenate([np.abs(us[..., :3] - ud[..., :3]), us[..., 3:] * ud[..., 3:]], -1)))
    record("mix", D + (S - D) * 0.3)
    # Gaussian gradient: centre (3, 2), radius 6 (sigma 2), colours as the other gradients, region 6×4.
    c0, c1 = srgb_color(1, 0.5, 0.2), srgb_color(0, 0.2, 0.6)
    X, Y = centres(0, 0, 6, 4)
    g = np.exp(-((X - 3) ** 2 + (Y - 2) ** 2) / (2 * 2.0 ** 2))[..., None]
    record("gaussianGradient", c1 + (c0 - c1) * g)

# ---------------------------------------------------------------- circular distortions (12×10 pattern, region (-2, -2, 16, 14))

def radial_warp(P, centre, f):
    """Samples P at f(p - centre) + centre (f returns the offset and a weight)."""
    c = np.array(centre, float)
    def g(x, y):
        q, w = f(np.array([x, y], float) - c)
        return bilinear(P, q[0] + c[0], q[1] + c[1]) * w
    return g

def rotate(v, a):
    return np.array([math.cos(a) * v[0] - math.sin(a) * v[1], math.sin(a) * v[0] + math.cos(a) * v[1]])

def distortions():
    P = pattern(12, 10)
    region = (-2, -2, 16, 14)
    C, R = (6, 5), 5
    def twirl(v):
        r = math.hypot(*v)
        return (rotate(v, -1.3 * (1 - r / R)), 1) if r < R else (v, 1)
    record("twirlDistortion", render(radial_warp(P, C, twirl), *region))
    def vortex(v):
        r = math.hypot(*v)
        return (rotate(v, -4 * (1 - r / R) ** 2), 1) if r < R else (v, 1)
    record("vortexDistortion", render(radial_warp(P, C, vortex), *region))
    def pinch(v):
        r = math.hypot(*v)
        return (v * (R * (r / R) ** (1 / 1.7) / r), 1) if 0 < r < R else (v, 1)
    record("pinchDistortion", render(radial_warp(P, C, pinch), *region))
    def bump(v):
        r = math.hypot(*v)
        return (v * (1 - 0.6 * (1 - r / R) ** 2), 1) if r < R else (v, 1)
    record("bumpDistortion", render(radial_warp(P, C, bump), *region))
    def hole(v, radius=3):
        r = math.hypot(*v)
        return (v * (math.sqrt(r * r - radius * radius) / r), 1) if r >= radius else (v, 0)
    record("holeDistortion", render(radial_warp(P, C, hole), *region))
    def splash(v, radius=3):
        r = math.hypot(*v)
        return (v * (radius / r), 1) if r > radius else (v, 1)
    record("circleSplashDistortion", render(radial_warp(P, C, splash), *region))

# ---------------------------------------------------------------- halftones, hexagonal pixellation, line averages (12×10 pattern)

def halftone(P, centre, angle, width, sharpness, shade):
    ramp = (1 - sharpness) * width + 1
    c, s = math.cos(angle), math.sin(angle)
    def grey(outside): return min(max(0.5 + outside * width / ramp, 0), 1)
    def f(x, y):
        u_ = unpremultiply(sample(P, math.floor(x), math.floor(y)))
        cov = 1 - min(max(u_[0] * 0.2125 + u_[1] * 0.7154 + u_[2] * 0.0721, 0), 1)
        dx, dy = x - centre[0], y - centre[1]
        q = np.array([c * dx + s * dy, -s * dx + c * dy]) / width
        g = 1.0 if cov <= 1e-5 else (0.0 if cov >= 1 - 1e-5 else shade(q, cov, grey))
        return np.array([g, g, g, u_[3]])
    return f

def halftones_and_lines():
    P = pattern(12, 10)
    region = (0, 0, 12, 10)
    def centred(v): return v - round_away(v)
    dot = lambda q, cov, grey: grey(math.hypot(centred(q[0]), centred(q[1])) - math.sqrt(cov / 2))
    line = lambda q, cov, grey: grey(abs(centred(q[1])) - cov / 2)
    def hatch(q, cov, grey):
        half = (1 - math.sqrt(1 - cov)) / 2
        return min(grey(abs(centred(q[1])) - half), grey(abs(centred(q[0])) - half))
    circle = lambda q, cov, grey: grey(abs(centred(math.hypot(q[0], q[1]))) - cov / 2)
    record("dotScreen", render(halftone(P, (5.3, 4.1), 0.4, 4, 0.6, dot), *region))
    record("lineScreen", render(halftone(P, (5.3, 4.1), 0.4, 4, 0.6, line), *region))
    record("hatchedScreen", render(halftone(P, (5.3, 4.1), 0.4, 4, 0.6, hatch), *region))
    record("circularScreen", render(halftone(P, (5.3, 4.1), 0, 3, 0.2, circle), *region))
    # Hexagonal pixellate: lattice points (1.2, 0.7) + i (3, 0) + j (1.5, 3 sqrt(3)/2); nearest pixel at the nearest point.
    o = np.array([1.2, 0.7]); a = np.array([3.0, 0.0]); b = np.array([1.5, 1.5 * math.sqrt(3)])
    inv = np.linalg.inv(np.column_stack([a, b]))
    def hexa(x, y):
        p = np.array([x, y]); best, best_len = None, math.inf
        for i in range(-8, 9):
            for j in range(-8, 9):
                q = o + i * a + j * b
                d = (p - q) @ (p - q)
                if d < best_len: best, best_len = q, d
        return nearest(P, best[0], best[1])
    record("hexagonalPixellate", render(hexa, *region))
    # Row and column averages of the area (2, 1, 8, 6).
    A = P[1:7, 2:10]
    record("rowAverage", A.mean(axis=1)[:, None, :])
    record("columnAverage", A.mean(axis=0)[None, :, :])

# ---------------------------------------------------------------- edges, bloom and gloom, Lab ΔE, linear bump

def lab(u):
    r, g, b = u[..., 0], u[..., 1], u[..., 2]
    X = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    Y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    Z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883
    d = 6 / 29
    f = lambda t: np.where(t > d ** 3, np.cbrt(t), t / (3 * d * d) + 4 / 29)
    return 116 * f(Y) - 16, 500 * (f(X) - f(Y)), 200 * (f(Y) - f(Z))

def stylize_more():
    P = pattern(12, 10)
    # Edges: Sobel per premultiplied component of the edge-replicated image, magnitude / 4 x 1.5, input alpha.
    Q = np.pad(P, ((1, 1), (1, 1), (0, 0)), mode="edge")
    at = lambda dx, dy: Q[1 + dy:11 + dy, 1 + dx:13 + dx]
    gx = (at(1, 1) + 2 * at(1, 0) + at(1, -1)) - (at(-1, 1) + 2 * at(-1, 0) + at(-1, -1))
    gy = (at(-1, 1) + 2 * at(0, 1) + at(1, 1)) - (at(-1, -1) + 2 * at(0, -1) + at(1, -1))
    mag = np.sqrt(gx ** 2 + gy ** 2) * 1.5 / 4
    record("edges", np.concatenate([mag[..., :3], P[..., 3:]], -1))
    # Bloom and gloom: radius 1.5, intensity 0.7, blur of the edge-replicated input.
    g = gaussian_weights(1.5)
    B = separable(P, g, g, mode="edge")
    record("bloom", P + (B - P * B) * 0.7)
    record("gloom", P - P * (1 - B) * 0.7)
    # Lab ΔE94 between the two alpha patterns (unpremultiplied), opaque.
    S, D = unpremultiply(alpha_pattern_seeded(4, 3, 0)), unpremultiply(alpha_pattern_seeded(4, 3, 1))
    L1, a1, b1 = lab(S); L2, a2, b2 = lab(D)
    c1, c2 = np.hypot(a1, b1), np.hypot(a2, b2)
    dH2 = np.maximum((a1 - a2) ** 2 + (b1 - b2) ** 2 - (c1 - c2) ** 2, 0)
    dE = np.sqrt((L1 - L2) ** 2 + ((c1 - c2) / (1 + 0.045 * c1)) ** 2 + dH2 / (1 + 0.015 * c1) ** 2)
    record("labDeltaE", np.stack([dE, dE, dE, np.ones_like(dE)], -1))
    # Linear bump: centre (6, 5), radius 4, angle 0.5, scale 0.8, over (-2, -2, 16, 14).
    n = np.array([-math.sin(0.5), math.cos(0.5)])
    def bump_linear(x, y):
        p = np.array([x, y]); d = (p - np.array([6, 5])) @ n
        q = p - n * (d * 0.8 * (1 - abs(d) / 4) ** 2) if abs(d) < 4 else p
        return bilinear(P, q[0], q[1])
    record("bumpDistortionLinear", render(bump_linear, -2, -2, 16, 14))

# ---------------------------------------------------------------- perspective transforms (12×10 pattern, region (-2, -2, 18, 16))

def perspective_transforms():
    P = pattern(12, 10)
    quad = [(1, 0), (13, 2), (11, 12), (-1, 9)]            # BL, BR, TR, TL
    def warp_from(rect):
        x, y, w, h = rect
        H = homography(quad, [(x, y), (x + w, y), (x + w, y + h), (x, y + h)])
        def f(px, py):
            q = H((px, py))
            return bilinear(P, q[0], q[1])
        return f
    # Output extent = the points' bounding box (-1, 0)...(13, 12); render (-2, -2, 18, 16) and clear outside it.
    def cropped(f):
        def g(x, y):
            return f(x, y) if -1 <= x <= 13 and 0 <= y <= 12 else np.zeros(4)
        return g
    record("perspectiveTransform", render(cropped(warp_from((0, 0, 12, 10))), -2, -2, 18, 16))
    record("perspectiveTransformWithExtent", render(cropped(warp_from((2, 1, 8, 6))), -2, -2, 18, 16))

# ---------------------------------------------------------------- median, depth and disparity, circular wrap

def median_depth_wrap():
    P = pattern(12, 10)
    Q = np.pad(P, ((1, 1), (1, 1), (0, 0)), mode="edge")
    stack = np.stack([Q[1 + dy:11 + dy, 1 + dx:13 + dx] for dy in (-1, 0, 1) for dx in (-1, 0, 1)])
    record("medianFilter", np.median(stack, axis=0))
    S = pattern(4, 3)
    recip = lambda v: np.where(v > 0, 1 / np.where(v > 0, v, 1), 0)
    # Depth and disparity: the 4×3 pattern lifted by 0.5 (CIColorMatrix bias), then 1/v.
    record("depthToDisparity", per_pixel_unpremultiplied(S, lambda u: np.concatenate([recip(u[..., :3] + 0.5), u[..., 3:]], -1)))
    record("disparityToDepth", per_pixel_unpremultiplied(S, lambda u: np.concatenate([recip(u[..., :3] + 0.5), u[..., 3:]], -1)))
    # Circular wrap: centre (6, 2), radius 3, angle 0.3; extent the square of half-size 10 - 2 = 8 around the centre.
    def wrap(x, y):
        v = np.array([x - 6, y - 2]); r = math.hypot(*v)
        if r < 3: return np.zeros(4)
        phi = math.atan2(v[1], v[0]) - (0.3 + math.pi / 2)
        phi -= round_away(phi / (2 * math.pi)) * 2 * math.pi
        return bilinear(P, 6 - phi * 3, 2 + r)
    record("circularWrap", render(wrap, -2, -6, 16, 16))

# ---------------------------------------------------------------- dissolve, colour map, colour cubes mixed with a mask

def dissolve_map_cubes():
    S, D = alpha_pattern_seeded(4, 3, 0), alpha_pattern_seeded(4, 3, 1)
    record("dissolveTransition", S + (D - S) * 0.35)
    P = pattern(4, 3)
    G = alpha_pattern_seeded(5, 1, 2)[0]          # the gradient: one row of five premultiplied pixels
    def cmap(p):
        l = min(max(p[0] * 0.2125 + p[1] * 0.7154 + p[2] * 0.0721, 0), 1)
        pos = l * 4; i = min(int(pos), 3); t = pos - i
        return (G[i] + (G[i + 1] - G[i]) * t) * p[3]
    record("colorMap", np.array([[cmap(P[y, x]) for x in range(4)] for y in range(3)]))
    m = np.clip(unpremultiply(D)[..., 1:2], 0, 1)
    rot = np.concatenate([P[..., 1:2], P[..., 2:3], P[..., 0:1]], -1)
    rgb = rot + (P[..., :3] - rot) * m
    record("colorCubesMixedWithMask", np.concatenate([rgb, P[..., 3:]], -1))

# ---------------------------------------------------------------- swipe transitions (12×10 pattern to the 12×10 alpha pattern, seed 1)

def swipes():
    P, T = pattern(12, 10), alpha_pattern_seeded(12, 10, 1)
    # Swipe: extent (1, 2, 9, 6), angle 0.6, width 3, time 0.45, colour (0.2, 0.7, 0.4), opacity 0.4.
    u = np.array([math.cos(0.6), math.sin(0.6)])
    proj = [np.array(c) @ u for c in [(1, 2), (10, 2), (10, 8), (1, 8)]]
    lo, hi = min(proj), max(proj)
    e = lo + 0.45 * (hi - lo + 3)
    colour = srgb_color(0.2, 0.7, 0.4)
    def swipe(x, y):
        a, b = sample(P, math.floor(x), math.floor(y)), sample(T, math.floor(x), math.floor(y))
        s_ = np.array([x, y]) @ u
        if s_ >= e: return a
        if s_ <= e - 3: return b
        base = a + (b - a) * ((e - s_) / 3)
        return base + (colour - base) * 0.4
    record("swipeTransition", render(swipe, 0, 0, 12, 10))
    # Bars: angle 0.7, width 3, offset 4, time 0.4, span of the joint extent (0, 0, 12, 10).
    d = np.array([math.cos(0.7), math.sin(0.7)]); n = np.array([-math.sin(0.7), math.cos(0.7)])
    proj = [np.array(c) @ d for c in [(0, 0), (12, 0), (12, 10), (0, 10)]]
    lo, hi = min(proj), max(proj)
    progress = 0.4 * (hi - lo + 4)
    def bars(x, y):
        q = np.array([x, y]); k = math.floor((q @ n) / 3)
        delay = 0 if k % 2 == 0 else 4
        return sample(T, math.floor(x), math.floor(y)) if q @ d < lo - delay + progress else sample(P, math.floor(x), math.floor(y))
    record("barsSwipeTransition", render(bars, 0, 0, 12, 10))

# ---------------------------------------------------------------- cell effects (12×10 pattern)

def cell_unit(i, j, k):
    """Filters/Stylize/CellSeeds.swift's hash: a number in [0, 1) from (i, j, k), 32-bit arithmetic."""
    M = 0xFFFFFFFF
    h = ((i & M) * 0x9E3779B1 & M) ^ ((j & M) * 0x85EBCA77 & M) ^ ((k * 0xC2B2AE3D) & M)
    h ^= h >> 15; h = (h * 0x2C1B3C6D) & M
    h ^= h >> 12; h = (h * 0x297A2D39) & M
    h ^= h >> 15
    return h / 4294967296.0

def cell_seed(centre, size, i, j):
    return np.array([centre[0] + (i + cell_unit(i, j, 0)) * size, centre[1] + (j + cell_unit(i, j, 1)) * size])

def nearest_seed(centre, size, x, y, reach):
    ci, cj = math.floor((x - centre[0]) / size), math.floor((y - centre[1]) / size)
    best, best_d = None, math.inf
    for j in range(cj - reach, cj + reach + 1):
        for i in range(ci - reach, ci + reach + 1):
            s_ = cell_seed(centre, size, i, j); d = (s_[0] - x) ** 2 + (s_[1] - y) ** 2
            if d < best_d: best, best_d = s_, d
    return best, best_d

def clamped_nearest(img, fx, fy):
    """The pixel at (fx, fy) of an image repeated beyond its edges (clampedToExtent)."""
    h, w = img.shape[:2]
    return img[min(max(math.floor(fy), 0), h - 1), min(max(math.floor(fx), 0), w - 1)]

def cells():
    P = pattern(12, 10)
    # Crystallize: radius 3, centre (1.3, 0.6); the nearest seed's pixel (nearest sampling, edges repeated).
    def crystal(x, y):
        s_, _ = nearest_seed((1.3, 0.6), 3, x, y, 2)
        return clamped_nearest(P, s_[0], s_[1])
    record("crystallize", render(crystal, 0, 0, 12, 10))
    # Pointillize: radius 1.6 (cells 3.2 wide), centre (0.4, 1.1); clear between the dots.
    def dot(x, y):
        s_, d = nearest_seed((0.4, 1.1), 3.2, x, y, 1)
        return clamped_nearest(P, s_[0], s_[1]) if d <= 1.6 ** 2 else np.zeros(4)
    record("pointillize", render(dot, 0, 0, 12, 10))

# ---------------------------------------------------------------- extrema, bounds and logarithmic histograms (input: pattern 12×10)

def first_extreme_alpha(img, largest):
    """The pixel with the greatest (smallest) alpha; ties go to the lowest row (y up), then the leftmost pixel."""
    best, where = None, None
    for y in range(img.shape[0]):
        for x in range(img.shape[1]):
            a = img[y, x, 3]
            if best is None or (a > best if largest else a < best):
                best, where = a, (y, x)
    return img[where[0], where[1]]

def histogram_bins(u, bins):
    """CIAreaHistogram's bins of unpremultiplied pixels (n × 4): counts per bin and channel over [0, 1]."""
    hist = np.zeros((bins, 4))
    for c in range(4):
        for b_ in np.minimum((np.clip(u[:, c], 0, 1) * bins).astype(int), bins - 1): hist[b_, c] += 1
    return hist

def reductions_more():
    P = pattern(12, 10)
    box = P[1:7, 2:10].reshape(-1, 4)                 # inputExtent (2, 1, 8, 6)
    record("areaMaximum", box.max(0).reshape(1, 1, 4))
    record("areaMinimum", box.min(0).reshape(1, 1, 4))
    record("areaMinMax", np.stack([box.min(0), box.max(0)]).reshape(1, 2, 4))
    record("areaMinMaxRed", np.array([box[:, 0].min(), box[:, 0].max(), 0, 1]).reshape(1, 1, 4))
    record("areaAverageMaximumRed", np.array([box[:, 0].mean(), box[:, 0].max(), 0, 1]).reshape(1, 1, 4))
    # The alpha extremes of the seeded alpha pattern, default extent (0, 0, 640, 80) cut to the image.
    A = alpha_pattern_seeded(12, 10, 1)
    record("areaMaximumAlpha", first_extreme_alpha(A, True).reshape(1, 1, 4))
    record("areaMinimumAlpha", first_extreme_alpha(A, False).reshape(1, 1, 4))
    # Bounds of red > 0 after subtracting 0.5 from the (linear) red, inside the extent (1, 1, 10, 8).
    red = P[1:9, 1:11, 0] - 0.5
    ys, xs = np.nonzero(red > 0)
    record("areaBoundsRed", np.array([xs.min() / 10, ys.min() / 8, (xs.max() + 1 - xs.min()) / 10,
                                      (ys.max() + 1 - ys.min()) / 8]).reshape(1, 1, 4))
    # Logarithmic histogram: 16 bins over log2 in [-8, 1], scale 2, whole image; alpha linear.
    u = unpremultiply(P).reshape(-1, 4)
    hist = np.zeros((16, 4))
    for c in range(3):
        with np.errstate(divide="ignore"):
            t = (np.log2(u[:, c]) + 8) * 16 / 9
        for b_ in np.clip(np.floor(np.where(u[:, c] > 0, t, -1)), 0, 15).astype(int): hist[b_, c] += 1
    for b_ in np.minimum((np.clip(u[:, 3], 0, 1) * 16).astype(int), 15): hist[b_, 3] += 1
    record("areaLogarithmicHistogram", (hist / u.shape[0] * 2).reshape(1, 16, 4))
    # Histogram display of an 8-bin histogram (scale 4), 12 pixels high, low limit 0.25, high limit 0.7.
    hist = histogram_bins(u, 8) / u.shape[0] * 4
    bars = np.zeros((12, 8, 4))
    for j in range(12):
        for i in range(8):
            colour = np.array([1.0 if j + 0.5 < hist[i, c] * 12 else 0.0 for c in range(3)])
            centre = i + 0.5
            if centre < 0.25 * 8: colour = colour * 0.5
            elif centre > 0.7 * 8: colour = colour * 0.5 + 0.5
            bars[j, i] = [colour[0], colour[1], colour[2], 1]
    record("histogramDisplayFilter", bars)

# ---------------------------------------------------------------- looks, Lab conversions, Otsu, dither (input: pattern 4×3 / 12×10)

def luminance_ramp(P, stops_srgb):
    """The Rec. 709 luminance (clamped to 0…1) picks a colour between evenly spaced linear stops; alpha kept."""
    stops = [srgb_to_linear(np.array(s_, dtype=np.float64)) for s_ in stops_srgb]
    u = unpremultiply(P)
    out = np.zeros_like(u)
    for idx in np.ndindex(u.shape[:2]):
        t = min(max(luma(u[idx]), 0), 1) * (len(stops) - 1)
        i = min(int(t), len(stops) - 2)
        f = t - i
        out[idx][:3] = stops[i] + (stops[i + 1] - stops[i]) * f
        out[idx][3] = u[idx][3]
    return premultiply(out)

def lab_inverse(L, a, b):
    fy = (L + 16) / 116
    d = 6 / 29
    finv = lambda t: np.where(t > d, t ** 3, 3 * d * d * (t - 4 / 29))
    xyz = np.stack([finv(fy + a / 500) * 0.95047, finv(fy), finv(fy - b / 200) * 1.08883], axis=-1)
    M = np.array([[0.4124564, 0.3575761, 0.1804375], [0.2126729, 0.7151522, 0.0721750], [0.0193339, 0.1191920, 0.9503041]])
    return xyz @ np.linalg.inv(M).T

def otsu_threshold(values, bins=256):
    counts = np.zeros(bins)
    for v in values: counts[min(int(min(max(v, 0), 1) * bins), bins - 1)] += 1
    total = counts.sum()
    centres = (np.arange(bins) + 0.5) / bins
    whole = float((counts * centres).sum())
    w0 = s0 = 0.0; best = -1.0; best_k = 0
    for k in range(bins - 1):
        w0 += counts[k]; s0 += counts[k] * centres[k]
        w1 = total - w0
        if w0 <= 0 or w1 <= 0: continue
        m0, m1 = s0 / w0, (whole - s0) / w1
        between = w0 * w1 * (m0 - m1) ** 2
        if between > best: best, best_k = between, k
    return (best_k + 1) / bins

def color_looks():
    P = pattern(4, 3)
    record("thermal", luminance_ramp(P, [(0, 0, 0.5), (0, 1, 1), (0, 1, 0), (1, 1, 0), (1, 0, 0)]))
    record("xRay", luminance_ramp(A4 := alpha_pattern(4, 3), [(0.9, 0.95, 1), (0, 0, 0)]))
    u = unpremultiply(A4)
    L, a, b = lab(u)
    record("convertRGBtoLab", premultiply(np.stack([L, a, b, u[..., 3]], axis=-1)))
    record("convertRGBtoLabNormalized", premultiply(np.stack([L / 100, (a + 128) / 256, (b + 128) / 256, u[..., 3]], axis=-1)))
    # Lab → RGB of the 4×3 pattern read as normalised L*a*b* (straight alpha 1).
    rgb = lab_inverse(P[..., 0] * 100, P[..., 1] * 256 - 128, P[..., 2] * 256 - 128)
    record("convertLabToRGB", np.concatenate([rgb, P[..., 3:4]], axis=-1))
    # Otsu on the 12×10 pattern: pooled unpremultiplied R, G, B.
    Q = pattern(12, 10)
    uq = unpremultiply(Q)
    t = otsu_threshold(uq[..., :3].reshape(-1))
    record("colorThresholdOtsu", premultiply(np.concatenate([(uq[..., :3] > np.float32(t)).astype(float), uq[..., 3:4]], axis=-1)))
    # Dither, intensity 0.3: encoded + 0.3·(u − ½) per colour component, decoded; alpha kept.
    noise = random_values(0, 0, 12, 10)
    d = np.concatenate([srgb_to_linear(linear_to_srgb(uq[..., :3]) + 0.3 * (noise[..., :3] - 0.5)), uq[..., 3:4]], axis=-1)
    record("dither", premultiply(d))

# ---------------------------------------------------------------- curves, palettes, spot colours (input: pattern 4×3 / 12×10)

CURVES = [[0, 0.2, 1], [0.1, 0.3, 0.6], [0.5, 0.4, 0.3], [1, 0.9, 0]]   # 4 RGB entries
PALETTE = [(0.05, 0.1, 0.2), (0.6, 0.1, 0.1), (0.2, 0.5, 0.2), (0.8, 0.8, 0.6)]

def curves(u, table, d0, d1):
    table = np.array(table, dtype=np.float64)
    n = len(table)
    out = u.copy()
    for c in range(3):
        t = np.clip((u[..., c] - d0) / (d1 - d0), 0, 1) * (n - 1)
        i = np.minimum(np.floor(t).astype(int), n - 2)
        f = t - i
        out[..., c] = table[i, c] + (table[i + 1, c] - table[i, c]) * f
    return out

def nearest_palette(u, perceptual):
    pal = np.array(PALETTE, dtype=np.float64)
    if perceptual:
        keys = np.stack(lab(pal), axis=-1); k = np.stack(lab(u), axis=-1)
    else:
        keys = pal; k = u[..., :3]
    d = ((k[..., None, :] - keys) ** 2).sum(-1)
    return np.argmin(d, axis=-1)     # first of equal distances, as the engine

def spot(u, ranges):
    enc = linear_to_srgb(u[..., :3])
    out = u[..., :3].copy()
    for centre, replacement, closeness, contrast in ranges:
        dist = np.sqrt(((enc - np.array(centre)) ** 2).sum(-1)) / math.sqrt(3)
        inner = closeness * min(contrast, 1)
        w = np.where(dist <= inner, 1.0, np.where(dist >= closeness, 0.0, 1 - smoothstep(inner, closeness, dist)))
        rep = srgb_to_linear(np.array(replacement, dtype=np.float64))
        out = out + (rep - out) * w[..., None]
    return np.concatenate([out, u[..., 3:4]], axis=-1)

def curves_palettes_spots():
    P = pattern(4, 3); u = unpremultiply(P)
    record("colorCurves", premultiply(curves(u, CURVES, 0.1, 0.9)))
    e = np.concatenate([linear_to_srgb(u[..., :3]), u[..., 3:4]], axis=-1)
    c = curves(e, CURVES, 0.1, 0.9)
    record("colorCurvesSRGB", premultiply(np.concatenate([srgb_to_linear(c[..., :3]), c[..., 3:4]], axis=-1)))
    Q = pattern(12, 10); uq = unpremultiply(Q)
    pal = np.array(PALETTE)
    for name, perceptual in (("palettize", False), ("palettizePerceptual", True)):
        idx = nearest_palette(uq, perceptual)
        record(name, premultiply(np.concatenate([pal[idx], uq[..., 3:4]], axis=-1)))
    idx = nearest_palette(uq, False)
    out = np.zeros((1, 4, 4))
    for i in range(4):
        ys, xs = np.nonzero(idx == i)
        if len(xs): out[0, i] = [xs.mean() + 0.5, ys.mean() + 0.5, len(xs) / idx.size, 1]
    record("paletteCentroid", out)
    record("spotColor", premultiply(spot(uq, [((0.5, 0.45, 0.55), (1, 0, 0), 0.3, 0.5), ((0.2, 0.4, 0.5), (0, 1, 0), 0.25, 0.9),
                                              ((0.9, 0.9, 0.9), (0, 0, 1), 0.1, 1)])))

# ---------------------------------------------------------------- bicubic and maximum scaling, clamp, nearest sampling (input: pattern 12×10)

def mitchell(t, B, C):
    x = abs(t)
    if x < 1: return ((12 - 9 * B - 6 * C) * x ** 3 + (-18 + 12 * B + 6 * C) * x ** 2 + (6 - 2 * B)) / 6
    if x < 2: return ((-B - 6 * C) * x ** 3 + (6 * B + 30 * C) * x ** 2 + (-12 * B - 48 * C) * x + (8 * B + 24 * C)) / 6
    return 0.0

def cubic_weights(o, scale, B, C):
    support = 2 / min(scale, 1)
    centre = (o + 0.5) / scale
    first, last = math.floor(centre - support), math.ceil(centre + support)
    ws = [mitchell((centre - (i + 0.5)) * min(scale, 1), B, C) for i in range(first, last + 1)]
    total = sum(ws)
    return first, [x / total for x in ws]

def separable_scale(P, sx, sy, weights):
    """Rows resampled then columns, clear outside P; weights(o, scale) -> (first, [w])."""
    ow, oh = round(P.shape[1] * sx), round(P.shape[0] * sy)
    rows = {}
    def row(y):
        if y not in rows:
            rows[y] = [sum(wk * sample(P, first + k, y) for k, wk in enumerate(ws)) for (first, ws) in [weights(o, sx) for o in range(ow)]]
        return rows[y]
    out = np.zeros((oh, ow, 4))
    for oy in range(oh):
        first, ws = weights(oy, sy)
        for ox in range(ow):
            out[oy, ox] = sum(wk * row(first + k)[ox] for k, wk in enumerate(ws))
    return out

def footprint_max(P, sx, sy):
    """Each output pixel: the per-component maximum of the input pixels its footprint [x/sx, (x+1)/sx) × … overlaps."""
    ow, oh = round(P.shape[1] * sx), round(P.shape[0] * sy)
    out = np.zeros((oh, ow, 4))
    for oy in range(oh):
        ys = [y for y in range(math.floor(oy / sy) - 1, math.ceil((oy + 1) / sy) + 1) if y + 1 > oy / sy and y < (oy + 1) / sy]
        for ox in range(ow):
            xs = [x for x in range(math.floor(ox / sx) - 1, math.ceil((ox + 1) / sx) + 1) if x + 1 > ox / sx and x < (ox + 1) / sx]
            out[oy, ox] = np.max([sample(P, x, y) for y in ys for x in xs], axis=0)
    return out

def scaling_and_sampling():
    P = pattern(12, 10)
    B = C = 1 / 3
    record("bicubicScaleTransform", separable_scale(P, 0.6 * 1.3, 0.6, lambda o, s_: cubic_weights(o, s_, B, C)))
    record("bicubicScaleTransformUp", separable_scale(P, 1.5, 1.5, lambda o, s_: cubic_weights(o, s_, 0, 0.75)))
    record("maximumScaleTransform", footprint_max(P, 0.5 * 1.5, 0.5))
    # Clamp to (2, 1, 6, 5), rendered over (-2, -2, 16, 14).
    E = P[1:6, 2:8]
    record("clamp", render(lambda x, y: E[min(max(math.floor(y) - 1, 0), 4), min(max(math.floor(x) - 2, 0), 5)], -2, -2, 16, 14))
    # Nearest sampling through an affine transform: scale 2.5, rotate 0.3, translate (1, 2).
    c, s_ = math.cos(0.3) * 2.5, math.sin(0.3) * 2.5
    record("sampleNearest", warp(P, affine_inverse(c, s_, -s_, c, 1, 2), -20, 0, 40, 36, sampler=nearest))

# ---------------------------------------------------------------- stretch crop, perspective rotate, keystones (input: pattern 12×10)

def stretch_crop(P, tw, th, crop, stretch):
    h, w = P.shape[:2]
    a = tw / th
    full = (h * a, h) if w / h > a else (w, w / a)
    cw, ch = w + (full[0] - w) * crop, h + (full[1] - h) * crop
    cx0, cy0 = (w - cw) / 2, (h - ch) / 2
    k = stretch / 2
    def f(x, y):
        u = x / tw * 2 - 1
        v = (1 - k) * u + k * u ** 3
        return bilinear(P, cx0 + (v + 1) / 2 * cw, cy0 + y / th * ch)
    return render(f, 0, 0, tw, th)

def rotation(pitch, yaw, roll):
    cp, sp, cy, sy, cr, sr = math.cos(pitch), math.sin(pitch), math.cos(yaw), math.sin(yaw), math.cos(roll), math.sin(roll)
    Rx = np.array([[1, 0, 0], [0, cp, -sp], [0, sp, cp]])
    Ry = np.array([[cy, 0, -sy], [0, 1, 0], [sy, 0, cy]])
    Rz = np.array([[cr, -sr, 0], [sr, cr, 0], [0, 0, 1]])
    return Rz @ Rx @ Ry

def camera_turn(P, focal_mm, R, x0, y0, w, h):
    """The image seen by a camera (f = focal/36 × longer side, centre principal point) turned by R: H = K R K⁻¹,
    each output pixel mapped back through H⁻¹ and sampled bilinearly, clear beyond the horizon and outside the
    pixels covering the mapped corners' bounding box."""
    H_, W_ = P.shape[:2]
    f = focal_mm / 36 * max(W_, H_)
    cx, cy = W_ / 2, H_ / 2
    K = np.array([[f, 0, cx], [0, f, cy], [0, 0, 1.0]])
    M = K @ R @ np.linalg.inv(np.array([[f, 0, cx], [0, f, cy], [0, 0, 1.0]]))
    corners = [M @ np.array([x, y, 1.0]) for x, y in ((0, 0), (W_, 0), (W_, H_), (0, H_))]
    assert all(c[2] > 0 for c in corners)
    pts = [(c[0] / c[2], c[1] / c[2]) for c in corners]
    bx0, by0 = math.floor(min(p_[0] for p_ in pts)), math.floor(min(p_[1] for p_ in pts))
    bx1, by1 = math.ceil(max(p_[0] for p_ in pts)), math.ceil(max(p_[1] for p_ in pts))
    inside = np.mean(np.array(pts), axis=0)
    Minv = np.linalg.inv(M)
    sign = 1 if (Minv @ np.array([inside[0], inside[1], 1.0]))[2] > 0 else -1
    def f_(x, y):
        if not (bx0 <= x < bx1 and by0 <= y < by1): return np.zeros(4)
        q = Minv @ np.array([x, y, 1.0])
        if q[2] * sign <= 1e-12: return np.zeros(4)
        return bilinear(P, q[0] / q[2], q[1] / q[2])
    return render(f_, x0, y0, w, h)

def vanishing_ray(P, focal_mm, a0, a1, b0, b1):
    H_, W_ = P.shape[:2]
    f = focal_mm / 36 * max(W_, H_)
    ray = lambda p_: np.array([p_[0] - W_ / 2, p_[1] - H_ / 2, f])
    return np.cross(np.cross(ray(a0), ray(a1)), np.cross(ray(b0), ray(b1)))

def camera_filters():
    P = pattern(12, 10)
    record("stretchCrop", stretch_crop(P, 16, 6, 0.4, 0.6))
    record("perspectiveRotate", camera_turn(P, 28, rotation(0.2, -0.15, 0.1), -8, -8, 28, 26))
    tl, tr, br, bl = (3, 9), (9, 9), (10, 1), (2, 1)
    v = vanishing_ray(P, 28, bl, tl, br, tr)
    record("keystoneCorrectionVertical", camera_turn(P, 28, rotation(math.atan(-v[2] / v[1]), 0, 0), -8, -8, 28, 26))
    tl, tr, br, bl = (1, 8), (11, 7), (11, 3), (1, 2)
    v = vanishing_ray(P, 28, tl, tr, bl, br)
    record("keystoneCorrectionHorizontal", camera_turn(P, 28, rotation(0, math.atan(-v[2] / v[0]), 0), -8, -8, 28, 26))
    tl, tr, br, bl = (2, 9), (10, 8), (9, 2), (3, 1)
    ends = vanishing_ray(P, 28, tl, tr, bl, br)
    yaw = math.atan(-ends[2] / ends[0])
    sides = rotation(0, yaw, 0) @ vanishing_ray(P, 28, bl, tl, br, tr)
    record("keystoneCorrectionCombined", camera_turn(P, 28, rotation(math.atan(-sides[2] / sides[1]), yaw, 0), -8, -8, 28, 26))

# ---------------------------------------------------------------- more transitions (12×10 pattern → seeded alpha pattern)

def farthest_corner(rect, c):
    x, y, w, h = rect
    return max(math.hypot(px - c[0], py - c[1]) for px, py in ((x, y), (x + w, y), (x + w, y + h), (x, y + h)))

def span(rect, d):
    x, y, w, h = rect
    proj = [np.array(c) @ d for c in ((x, y), (x + w, y), (x + w, y + h), (x, y + h))]
    return min(proj), max(proj)

def mask_level(u):
    return min(max(u[0] * LUMA[0] + u[1] * LUMA[1] + u[2] * LUMA[2], 0.0), 1.0)

def unpremultiplied_pixel(p):
    return p[:3] / p[3] if p[3] > 0 else np.zeros(3)

def mod_hash(i, j):
    M = 0xFFFFFFFF
    n = ((i & M) * 374761393 + (j & M) * 668265263) & M
    n = ((n ^ (n >> 13)) * 1274126177) & M
    return (n >> 8) / 16777216.0

def page_point(p, page, d, line, r):
    """Filters/Transition/PageCurl.swift: the page point shown at p and whether its back is up, or None."""
    s = p @ d - line
    px0, py0, pw, ph = page
    def inside(u):
        q = p + d * (u - s)
        return q if (px0 <= q[0] < px0 + pw and py0 <= q[1] < py0 + ph) else None
    if s > r: return None
    if s >= 0:
        phi = math.asin(min(s / r, 1))
        q = inside(r * (math.pi - phi))
        if q is not None: return q, True
        q = inside(r * phi)
        if q is not None: return q, False
        return None
    q = inside(math.pi * r - s)
    if q is not None: return q, True
    q = inside(s)
    if q is not None: return q, False
    return None

def transitions_more():
    P, T = pattern(12, 10), alpha_pattern_seeded(12, 10, 1)
    px = lambda img, x, y: sample(img, math.floor(x), math.floor(y))

    # Disintegrate with mask: mask = seeded pattern 2, time 0.4, shadow radius 3 (σ 1), density 0.65, offset (1, −2).
    M = alpha_pattern_seeded(12, 10, 2)
    t = 0.4
    levels = np.array([[mask_level(unpremultiplied_pixel(M[j, i])) for i in range(12)] for j in range(10)])
    assert np.min(np.abs(levels - t)) > 1e-3
    cov = (levels >= t).astype(float)
    pad = 12
    canvas = np.zeros((10 + 2 * pad, 12 + 2 * pad, 4)); canvas[pad:pad + 10, pad:pad + 12, 3] = cov
    wts = gaussian_weights(1.0)
    blurred = separable(canvas, wts, wts)
    def disintegrate(x, y):
        i, j = math.floor(x), math.floor(y)
        if 0 <= i < 12 and 0 <= j < 10 and levels[j, i] >= t: return sample(P, i, j)
        sh = sample(blurred, i - 1, j + 2, -pad, -pad)[3]
        b = sample(T, i, j).copy(); b[:3] *= 1 - 0.65 * min(max(sh, 0), 1)
        return b
    record("disintegrateWithMaskTransition", render(disintegrate, 0, 0, 12, 10))

    # Flash: centre (4.3, 6.2), extent (1, 1, 10, 8), default rays and colour; time 0.3 (growing) and 0.93 (fading).
    c, area = np.array([4.3, 6.2]), (1, 1, 10, 8)
    colour = srgb_color(1, 0.8, 0.6)
    def flash_at(time):
        D = farthest_corner(area, c)
        R = D * time / 0.85 if time < 0.85 else D
        mix = 0 if time < 0.85 else (time - 0.85) / 0.15
        rays = 0.5 * 2.58
        def f(x, y):
            k = 0.0
            if 1 <= x < 11 and 1 <= y < 9:
                dx, dy = x - c[0], y - c[1]
                r = math.hypot(dx, dy)
                if r <= R: k = 1.0
                else:
                    g = 1 + rays * ((1 + math.cos(12 * math.atan2(dy, dx))) / 2) ** 1.375
                    k = max(0.0, 1 - (r - R) / (R * (g - 1) + 1))
            fl = colour * k + px(P, x, y) * (1 - k * colour[3])
            return fl + (px(T, x, y) - fl) * mix
        return render(f, 0, 0, 12, 10)
    record("flashTransition", flash_at(0.3))
    record("flashTransitionFading", flash_at(0.93))

    # Copy machine: extent (1, 2, 9, 6), angle 0.6, width 4, opacity 1.3, time 0.45, default colour.
    d = np.array([math.cos(0.6), math.sin(0.6)])
    lo, hi = span((1, 2, 9, 6), d)
    e = lo - 2 + 0.45 * (hi - lo + 4)
    light = srgb_color(0.6, 1, 0.8)
    def copier(x, y):
        s_ = np.array([x, y]) @ d
        base = px(T, x, y) if s_ < e else px(P, x, y)
        if not (1 <= x < 10 and 2 <= y < 8): return base
        lam = min(max(1.3 * (1 - abs(s_ - e) / 2), 0), 1)
        return base + (light - base) * lam
    record("copyMachineTransition", render(copier, 0, 0, 12, 10))

    # Mod: centre (5.3, 4.1), angle 0.7, radius 2, compression 6, time 0.5.
    c = np.array([5.3, 4.1])
    margins = []
    def mod(x, y):
        v = np.array([x, y]) - c
        ca, sa = math.cos(-0.7), math.sin(-0.7)
        q = np.array([ca * v[0] - sa * v[1], sa * v[0] + ca * v[1]])
        q = q * (6 / (6 + math.hypot(q[0], q[1])))
        cell = np.floor(q / 4)
        mid = (cell + 0.5) * 4
        grow = min(1, 0.5 * (1 + mod_hash(int(cell[0]), int(cell[1]))))
        dd = q - mid
        lhs, rhs = dd @ dd, 8 * grow * grow
        margins.append(abs(lhs - rhs))
        return px(T, x, y) if lhs < rhs else px(P, x, y)
    record("modTransition", render(mod, 0, 0, 12, 10))
    assert min(margins) > 1e-6

    # Ripple: centre (5.3, 4.1), extent (0, 0, 12, 10), width 4, scale 1.5, time 0.5.
    front = 0.5 * (farthest_corner((0, 0, 12, 10), c) + 4)
    def ripple(x, y):
        v = np.array([x, y]) - c
        dist = math.hypot(v[0], v[1])
        xr = (front - dist) / 4
        q = np.array([x, y])
        if 0 < xr < 1 and dist > 0: q = q + v * (1.5 * math.sin(math.pi * xr) / dist)
        a, b = bilinear(P, q[0], q[1]), bilinear(T, q[0], q[1])
        m = min(max(xr, 0), 1)
        return a + (b - a) * m
    record("rippleTransition", render(ripple, 0, 0, 12, 10))

    # Accordion fold: bottom height 2, 3 folds, shadow 0.4, time 0.35.
    t, base, span_ = 0.35, 2.0, 8.0
    sq = span_ * (1 - t)
    def accordion(x, y):
        b = px(T, x, y)
        if y < base: page = bilinear(P, x, y)
        elif y - base < sq and 0 <= x < 12:
            page = bilinear(P, x, base + (y - base) * span_ / sq).copy()
            if math.floor((y - base) / sq * 3) % 2 == 1: page[:3] *= 1 - 0.4 * t
        else: page = np.zeros(4)
        over = page + b * (1 - page[3])
        return over + (b - over) * t
    record("accordionFoldTransition", render(accordion, 0, 0, 12, 10))

    # Page curls: extent (0, 0, 12, 10), angle 0.4, radius 2, time 0.4; the shadowed one with the seeded pattern 2 as
    # its backside, shadow size 0.8, amount 0.6.
    d = np.array([math.cos(0.4), math.sin(0.4)])
    lo, hi = span((0, 0, 12, 10), d)
    line = hi - 0.4 * (hi - lo + 2)
    def curl(back, shadow):
        def f(x, y):
            p = np.array([x, y])
            hit = page_point(p, (0, 0, 12, 10), d, line, 2)
            layer = np.zeros(4) if hit is None else bilinear(back if hit[1] else P, hit[0][0], hit[0][1])
            below = px(T, x, y).copy()
            if shadow:
                s_ = p @ d - line - 2
                if 0 <= x < 12 and 0 <= y < 10:
                    below[:3] *= 1 - 0.6 * (1 if s_ < 0 else min(max(1 - s_ / 1.6, 0), 1))
            return layer + below * (1 - layer[3])
        return render(f, 0, 0, 12, 10)
    record("pageCurlTransition", curl(P, False))
    record("pageCurlWithShadowTransition", curl(alpha_pattern_seeded(12, 10, 2), True))

# ---------------------------------------------------------------- more distortions and the zoom blur (12×10 pattern)

def rotate(v, a):
    c, s_ = math.cos(a), math.sin(a)
    return np.array([c * v[0] - s_ * v[1], s_ * v[0] + c * v[1]])

def distortions_more():
    P = pattern(12, 10)
    c = np.array([5.3, 4.1])
    # Light tunnel: radius 3, rotation 0.8; rendered over (−4, −4, 20, 18).
    def tunnel(x, y):
        p = np.array([x, y]); v = p - c; d = math.hypot(v[0], v[1])
        if d <= 3: return bilinear(P, x, y)
        q = c + rotate(v * (3 / d), 0.8 * (d / 3 - 1))
        return bilinear(P, q[0], q[1])
    record("lightTunnel", render(tunnel, -4, -4, 20, 18))
    # Torus lens: radius 3, width 4, refraction 1.7.
    def torus(x, y):
        p = np.array([x, y]); v = p - c; d = math.hypot(v[0], v[1]); t = (d - 3) / 2
        if abs(t) >= 1 or d == 0: return bilinear(P, x, y)
        shown = 3 + (d - 3) * (1 - (1 - 1 / 1.7) * math.sqrt(1 - t * t))
        q = c + v * (shown / d)
        return bilinear(P, q[0], q[1])
    record("torusLensDistortion", render(torus, 0, 0, 12, 10))
    # Glass lozenge: points (3.2, 3.7) and (8.9, 6.1), radius 2.6, refraction 1.7.
    p0, p1 = np.array([3.2, 3.7]), np.array([8.9, 6.1])
    axis = p1 - p0
    def lozenge(x, y):
        p = np.array([x, y])
        along = min(max(((p - p0) @ axis) / (axis @ axis), 0), 1)
        cc = p0 + axis * along; v = p - cc; t2 = (v @ v) / (2.6 * 2.6)
        if t2 >= 1: return bilinear(P, x, y)
        q = cc + v * (1 - (1 - 1 / 1.7) * math.sqrt(1 - t2))
        return bilinear(P, q[0], q[1])
    record("glassLozenge", render(lozenge, 0, 0, 12, 10))
    # Displacement: the seeded alpha pattern 2 as the map, scale 3.
    M = alpha_pattern_seeded(12, 10, 2)
    def displaced(x, y):
        m = sample(M, math.floor(x), math.floor(y))
        u = m[:3] / m[3] if m[3] > 0 else np.zeros(3)
        q = np.array([x + 3 * (min(max(u[0], 0), 1) - 0.5), y + 3 * (min(max(u[1], 0), 1) - 0.5)])
        return bilinear(P, q[0], q[1])
    record("displacementDistortion", render(displaced, 0, 0, 12, 10))
    # Glass distortion: a 5×4 texture (the seeded alpha pattern 2) repeated with its middle on (6.7, 3.2), scale 4.
    Tx = alpha_pattern_seeded(5, 4, 2)
    shift = (math.floor(6.7 - 2.5), math.floor(3.2 - 2.0))
    def height(i, j):
        m = Tx[(j - shift[1]) % 4, (i - shift[0]) % 5]
        u = m[:3] / m[3] if m[3] > 0 else np.zeros(3)
        return min(max(u @ LUMA, 0), 1)
    def glass(x, y):
        i, j = math.floor(x), math.floor(y)
        g = np.array([height(i + 1, j) - height(i - 1, j), height(i, j + 1) - height(i, j - 1)]) / 2
        return bilinear(P, x + 4 * g[0], y + 4 * g[1])
    record("glassDistortion", render(glass, 0, 0, 12, 10))
    # Zoom blur: centre (5.3, 4.1), amount 30 (a = 0.3).
    def zoom(x, y):
        p = np.array([x, y]); v = p - c
        n = int(min(256, math.ceil(0.3 * math.hypot(v[0], v[1])))) + 1
        total = np.zeros(4)
        for k in range(n):
            q = c + v * (1 - 0.3 * k / n)
            total += bilinear(P, q[0], q[1])
        return total / n
    record("zoomBlur", render(zoom, 0, 0, 12, 10))

# ---------------------------------------------------------------- bokeh and depth of field (12×10 pattern)

def disc_taps(r):
    reach = int(math.floor(r))
    return [(dx, dy) for dy in range(-reach, reach + 1) for dx in range(-int(math.floor(math.sqrt(r * r - dy * dy))), int(math.floor(math.sqrt(r * r - dy * dy))) + 1)]

def blurs_more():
    P = pattern(12, 10)
    # Bokeh: radius 3.4, ring amount 0.5, ring size 0.2, softness 1; over (−3, −3, 18, 16).
    R, ring, inner, soft = 3.4, 0.5, 3.4 * 0.8, 2.4
    weights = {}
    for taps, w in ((disc_taps(R), 1 + 2 * ring), (disc_taps(soft), 1.0), (disc_taps(inner), -2 * ring)):
        for t_ in taps: weights[t_] = weights.get(t_, 0) + w
    total = sum(weights.values())
    def bokeh(x, y):
        i, j = math.floor(x), math.floor(y)
        return sum(w * sample(P, i + dx, j + dy) for (dx, dy), w in weights.items()) / total
    record("bokehBlur", render(bokeh, -3, -3, 18, 16))
    # Depth of field: points (1, 2) and (11, 7), saturation 1.4, unsharp radius 1.5 and intensity 0.8, radius 2.
    u = unpremultiply(P)
    l = luma(u)[..., None]
    S = premultiply(np.concatenate([l + (u[..., :3] - l) * 1.4, u[..., 3:]], -1))
    b = separable(S, gaussian_weights(1.5), gaussian_weights(1.5), "edge")
    U = S + (S - b) * 0.8; U[..., 3] = S[..., 3]
    p0, p1 = np.array([1.0, 2.0]), np.array([11.0, 7.0])
    axis = p1 - p0; length = math.hypot(axis[0], axis[1]); normal = np.array([-axis[1], axis[0]]) / length
    falloff = max(length / 2, 1)
    X, Y = centres(0, 0, 12, 10)
    m = np.minimum(np.abs((X - p0[0]) * normal[0] + (Y - p0[1]) * normal[1]) / falloff, 1) * 4
    levels = [U] + [separable(U, gaussian_weights(2 * k / 4), gaussian_weights(2 * k / 4)) for k in range(1, 5)]
    k = np.minimum(np.floor(m).astype(int), 3); f = (m - k)[..., None]
    out = np.zeros_like(U)
    for j in range(10):
        for i in range(12):
            kk = k[j, i]
            out[j, i] = levels[kk][j, i] * (1 - f[j, i]) + levels[kk + 1][j, i] * f[j, i]
    record("depthOfField", out)

# ---------------------------------------------------------------- light generators (rendered over 16×12)

def light_generators():
    c = np.array([7.3, 5.6])
    # Sunbeams: sun radius 2.5, max striation radius 1.6, strength 0.8, contrast 1.375, time 0.2, colour (1, 0.5, 0).
    col = srgb_color(1, 0.5, 0)
    L = 2.5 * 2.6
    def sun(x, y):
        dx, dy = x - c[0], y - c[1]; r = math.hypot(dx, dy)
        disc = min(max(2.5 + 0.5 - r, 0), 1)
        beams = 0.8 * ((1 + math.cos(12 * math.atan2(dy, dx) - 2 * math.pi * 0.2)) / 2) ** 1.375 * max(0, 1 - r / L)
        return col * min(1, disc + beams)
    record("sunbeamsGenerator", render(sun, 0, 0, 16, 12))
    # Star shine: radius 20, epsilon −1.5, cross angle 0.6, width 1.2, scale 5, opacity −3, default colour.
    col = srgb_color(1, 0.8, 0.6)
    halo = 10 ** -1.5 * 20; axis = np.array([math.cos(0.6), math.sin(0.6)]); width, length, op = 1.2, 6.0, 1 - 3 / 8
    def star(x, y):
        v = np.array([x, y]) - c; r = math.hypot(v[0], v[1])
        h = halo / (r + halo)
        a = v @ axis; w = -v[0] * axis[1] + v[1] * axis[0]
        ray = lambda al, ac: math.exp(-(ac / width) ** 2) * math.exp(-abs(al) / length)
        return col * min(1, h + op * (ray(a, w) + ray(w, a)))
    record("starShineGenerator", render(star, 0, 0, 16, 12))
    # Lenticular halo: radius 4, width 4, overlap 0.5, strength 0.6, contrast 1, time 0.1, default colour.
    col = srgb_color(1, 0.9, 0.8)
    half, spread = 2.0, 0.5 * 2.0
    def lent(x, y):
        dx, dy = x - c[0], y - c[1]; r = math.hypot(dx, dy)
        st = 1 - 0.6 + 0.6 * ((1 + math.cos(24 * math.atan2(dy, dx) - 2 * math.pi * 0.1)) / 2) ** 1
        ring = lambda m: min(max(1 - abs(r - m) / half, 0), 1) * st
        rr, gg, bb = ring(4 + spread), ring(4), ring(4 - spread)
        return np.array([col[0] * rr, col[1] * gg, col[2] * bb, col[3] * max(rr, gg, bb)])
    record("lenticularHaloGenerator", render(lent, 0, 0, 16, 12))

# ---------------------------------------------------------------- light, height fields and gradient pairs (12×10)

def stylize_light():
    P = pattern(12, 10)
    # Spot light: light at (3, 9, 6) aimed at (8, 2, 0), brightness 2.5, concentration 0.4, colour (1, 0.9, 0.7).
    light, aim = np.array([3.0, 9.0, 6.0]), np.array([8.0, 2.0, 0.0])
    axis = (aim - light) / np.linalg.norm(aim - light)
    tint = srgb_color(1, 0.9, 0.7)
    def spot(x, y):
        ray = np.array([x, y, 0.0]) - light
        k = 2.5 * max(ray @ axis / np.linalg.norm(ray), 0) ** (1 / 0.4)
        v = px_(P, x, y).copy(); v[:3] *= tint[:3] * k
        return v
    record("spotLight", render(spot, 0, 0, 12, 10))
    # Height field from mask: the seeded alpha pattern 2 as the mask, radius 4.5 (σ 1.5).
    M = alpha_pattern_seeded(12, 10, 2)
    lev = np.array([[mask_level(unpremultiplied_pixel(M[j, i])) for i in range(12)] for j in range(10)])
    img = np.zeros((10, 12, 4)); img[..., 0] = lev
    b = separable(img, gaussian_weights(1.5), gaussian_weights(1.5))[..., 0]
    h = np.clip(2 * b - 1, 0, 1)
    record("heightFieldFromMask", np.stack([h, h, h, np.ones_like(h)], axis=-1))
    # Shaded material: the pattern as heights, the 5×4 seeded alpha pattern 2 as the sphere, scale 3.
    S = alpha_pattern_seeded(5, 4, 2)
    hh = np.array([[unpremultiplied_pixel(P[j, i]) @ LUMA for i in range(12)] for j in range(10)])
    def hv(i, j): return hh[j, i] if 0 <= i < 12 and 0 <= j < 10 else 0.0
    def shade(x, y):
        i, j = math.floor(x), math.floor(y)
        gx, gy = -3 * (hv(i + 1, j) - hv(i - 1, j)) / 2, -3 * (hv(i, j + 1) - hv(i, j - 1)) / 2
        n = math.sqrt(gx * gx + gy * gy + 1)
        return bilinear(S, 2.5 + gx / n * 2.5, 2.0 + gy / n * 2.0) * sample(P, i, j)[3]
    record("shadedMaterial", render(shade, 0, 0, 12, 10))
    # Gradient pairs on the seeded alpha pattern 1 (premultiplied), edges repeated.
    A = alpha_pattern_seeded(12, 10, 1)
    def pair(weights):
        r = len(weights) // 2
        pad = np.pad(A, ((r, r), (r, r), (0, 0)), mode="edge")
        out = np.zeros((10, 12, 4)); out[..., 3] = 1
        for j in range(10):
            for i in range(12):
                gx = sum(weights[dy + r][dx + r] * pad[j + r + dy, i + r + dx] for dy in range(-r, r + 1) for dx in range(-r, r + 1))
                gy = sum(weights[dx + r][dy + r] * pad[j + r + dy, i + r + dx] for dy in range(-r, r + 1) for dx in range(-r, r + 1))
                out[j, i, 0] = max(gx[:3], key=abs); out[j, i, 1] = max(gy[:3], key=abs)
        return out
    record("sobelGradients", pair([[w / 8 for w in row] for row in [[-1, 0, 1], [-2, 0, 2], [-1, 0, 1]]]))
    raw = [[math.exp(-(dx * dx + dy * dy) / 2) * math.sin(math.pi * dx / 4) for dx in range(-2, 3)] for dy in range(-2, 3)]
    ramp = sum(raw[j][i] * (i - 2) for j in range(5) for i in range(5))
    record("gaborGradients", pair([[w / ramp for w in row] for row in raw]))

def px_(img, x, y):
    return sample(img, math.floor(x), math.floor(y))

# ---------------------------------------------------------------- line overlay and guided filter (12×10)

def box_mean_edge(img, r):
    w = np.full(2 * r + 1, 1 / (2 * r + 1))
    return separable(img, w, w, "edge") if r > 0 else img

def lines_and_guides():
    P = pattern(12, 10)
    # Line overlay: noise level 0.02, sharpness 0.5, edge intensity 2, threshold 0.05, contrast 8.
    b = separable(P, gaussian_weights(1), gaussian_weights(1), "edge")
    d = P - b
    keep = smoothstep(0.02, 0.04, np.abs(luma(d)))[..., None]
    N = b + d * keep * 1.5
    pad = np.pad(N, ((1, 1), (1, 1), (0, 0)), mode="edge")
    def at(j, i): return pad[j + 1, i + 1]
    out = np.zeros((10, 12, 4))
    for j in range(10):
        for i in range(12):
            a_, b_, c_ = at(j + 1, i - 1), at(j + 1, i), at(j + 1, i + 1)
            d_, f_ = at(j, i - 1), at(j, i + 1)
            g_, h_, i_ = at(j - 1, i - 1), at(j - 1, i), at(j - 1, i + 1)
            gx = (c_ + 2 * f_ + i_) - (a_ + 2 * d_ + g_)
            gy = (a_ + 2 * b_ + c_) - (g_ + 2 * h_ + i_)
            m = np.sqrt(gx * gx + gy * gy) * (2 / 4)
            E = m[:3] @ LUMA
            out[j, i] = [0, 0, 0, min(max((E - 0.05) * 8, 0), 1)]
    record("lineOverlay", out)
    # Guided filter: the pattern guided by the seeded alpha pattern 1, radius 2, epsilon 0.01.
    G = alpha_pattern_seeded(12, 10, 1)
    I = luma(unpremultiply(G))
    I4 = np.repeat(I[..., None], 4, axis=2)
    mI, mP = box_mean_edge(I4, 2), box_mean_edge(P, 2)
    mIP, mII = box_mean_edge(P * I4, 2), box_mean_edge(I4 * I4, 2)
    a = (mIP - mP * mI) / (mII - mI * mI + 0.01)
    bb = mP - a * mI
    record("guidedFilter", box_mean_edge(a, 2) * I4 + box_mean_edge(bb, 2))

# ---------------------------------------------------------------- CMYK halftone (12×10 pattern)

def swift_round(v):
    return math.copysign(math.floor(abs(v) + 0.5), v)

def cmyk_halftone():
    P = pattern(12, 10)
    centre, width, sharp, base = np.array([4.3, 6.2]), 3.0, 0.6, 0.3
    ramp = (1 - sharp) * width + 1
    angles = [base + a * math.pi / 180 for a in (15, 75, 0, 45)]
    def ink(amount, angle, x, y):
        if amount <= 1e-5: return 0.0
        if amount >= 1 - 1e-5: return 1.0
        d = np.array([x, y]) - centre
        q = np.array([math.cos(angle) * d[0] + math.sin(angle) * d[1], -math.sin(angle) * d[0] + math.cos(angle) * d[1]]) / width
        u, v = q[0] - swift_round(q[0]), q[1] - swift_round(q[1])
        return 1 - min(max(0.5 + (math.hypot(u, v) - math.sqrt(amount / 2)) * width / ramp, 0), 1)
    def f(x, y):
        px = sample(P, math.floor(x), math.floor(y))
        c, m, yy = 1 - min(max(px[0], 0), 1), 1 - min(max(px[1], 0), 1), 1 - min(max(px[2], 0), 1)
        k = 0.8 * min(c, m, yy)
        keep = 1 - ink(k, angles[3], x, y)
        return np.array([(1 - ink(c - 0.4 * k, angles[0], x, y)) * keep, (1 - ink(m - 0.4 * k, angles[1], x, y)) * keep,
                         (1 - ink(yy - 0.4 * k, angles[2], x, y)) * keep, px[3]])
    record("cmykHalftone", render(f, 0, 0, 12, 10))

# ---------------------------------------------------------------- rounded rectangle stroke (over 16×12)

def rounded_rectangle_stroke():
    x0, y0, w, h, radius, width = 1.5, 2.0, 12.0, 8.5, 3.0, 2.2
    centre, half = np.array([x0 + w / 2, y0 + h / 2]), np.array([w / 2, h / 2])
    col = srgb_color(0.2, 0.6, 0.9)
    def dist(p):
        q = np.abs(p - centre) - (half - radius)
        outside = np.maximum(q, 0)
        return math.hypot(outside[0], outside[1]) + min(max(q[0], q[1]), 0) - radius
    def f(x, y):
        d = dist(np.array([x, y]))
        if not (1 <= x < 14 and 2 <= y < 11): return np.zeros(4)
        return col * (min(max(0.5 - d, 0), 1) - min(max(0.5 - d - width, 0), 1))
    record("roundedRectangleStrokeGenerator", render(f, 0, 0, 16, 12))

# ---------------------------------------------------------------- comic effect and edge work (12×10 pattern)

def line_overlay_of(P, noise, sharpness, intensity, threshold, contrast):
    """CILineOverlay: noise reduction (σ 1, edges repeated), Sobel of the edge-repeated result, coverage in alpha."""
    h, w = P.shape[:2]
    b = separable(P, gaussian_weights(1), gaussian_weights(1), "edge")
    d = P - b
    N = b + d * smoothstep(noise, 2 * noise, np.abs(luma(d)))[..., None] * (1 + sharpness)
    Q = np.pad(N, ((1, 1), (1, 1), (0, 0)), mode="edge")
    at = lambda dx, dy: Q[1 + dy:h + 1 + dy, 1 + dx:w + 1 + dx]
    gx = (at(1, 1) + 2 * at(1, 0) + at(1, -1)) - (at(-1, 1) + 2 * at(-1, 0) + at(-1, -1))
    gy = (at(-1, 1) + 2 * at(0, 1) + at(1, 1)) - (at(-1, -1) + 2 * at(0, -1) + at(1, -1))
    E = (np.sqrt(gx ** 2 + gy ** 2) * intensity / 4)[..., :3] @ LUMA
    out = np.zeros((h, w, 4))
    out[..., 3] = np.clip((E - threshold) * contrast, 0, 1)
    return out

def cmyk_of(P, centre, width, angle, sharp, gcr, ucr):
    ramp = (1 - sharp) * width + 1
    angles = [angle + a * math.pi / 180 for a in (15, 75, 0, 45)]
    def ink(amount, angle, x, y):
        if amount <= 1e-5: return 0.0
        if amount >= 1 - 1e-5: return 1.0
        d = np.array([x, y]) - centre
        q = np.array([math.cos(angle) * d[0] + math.sin(angle) * d[1], -math.sin(angle) * d[0] + math.cos(angle) * d[1]]) / width
        u, v = q[0] - swift_round(q[0]), q[1] - swift_round(q[1])
        return 1 - min(max(0.5 + (math.hypot(u, v) - math.sqrt(amount / 2)) * width / ramp, 0), 1)
    def f(x, y):
        px = sample(P, math.floor(x), math.floor(y))
        c, m, yy = 1 - min(max(px[0], 0), 1), 1 - min(max(px[1], 0), 1), 1 - min(max(px[2], 0), 1)
        k = gcr * min(c, m, yy)
        keep = 1 - ink(k, angles[3], x, y)
        return np.array([(1 - ink(c - ucr * k, angles[0], x, y)) * keep, (1 - ink(m - ucr * k, angles[1], x, y)) * keep,
                         (1 - ink(yy - ucr * k, angles[2], x, y)) * keep, px[3]])
    return render(f, 0, 0, P.shape[1], P.shape[0])

def comic_and_edge_work():
    P = pattern(12, 10) * np.array([0.5, 0.5, 0.5, 1])
    # Comic effect on the pattern darkened by one stop (CIExposureAdjust −1): the line overlay's defaults over the CMYK halftone's defaults of the spot colour's defaults.
    lines = line_overlay_of(P, 0.07, 0.71, 1, 0.1, 50)
    spots = spot(P, [((0.0784, 0.0627, 0.0706), (0.4392, 0.1922, 0.1961), 0.22, 0.98),
                     ((0.5255, 0.3059, 0.3451), (0.9137, 0.5608, 0.5059), 0.15, 0.98),
                     ((0.9216, 0.4549, 0.3333), (0.9098, 0.7529, 0.6078), 0.5, 0.99)])
    page = cmyk_of(spots, np.array([150.0, 150.0]), 6.0, 0.0, 0.7, 1.0, 0.5)
    record("comicEffect", lines + page * (1 - lines[..., 3:4]))
    # Edge work on the pattern darkened by two stops (CIExposureAdjust −2): radius 2.4 (σ 1.2) blur of the edge-repeated pattern, luminance, Sobel (neighbours from the
    # blurred, still repeated, image), smoothstep(0.02, 0.06), the input's alpha.
    P = pattern(12, 10) * np.array([0.25, 0.25, 0.25, 1])
    pad = 1
    B = separable(np.pad(P, ((pad, pad), (pad, pad), (0, 0)), mode="edge"), gaussian_weights(1.2), gaussian_weights(1.2), "edge")
    L = B[..., :3] @ LUMA
    at = lambda dx, dy: L[1 + dy:11 + dy, 1 + dx:13 + dx]
    gx = (at(1, 1) + 2 * at(1, 0) + at(1, -1)) - (at(-1, 1) + 2 * at(-1, 0) + at(-1, -1))
    gy = (at(-1, 1) + 2 * at(0, 1) + at(1, 1)) - (at(-1, -1) + 2 * at(0, -1) + at(1, -1))
    v = smoothstep(0.02, 0.06, np.sqrt(gx ** 2 + gy ** 2) / 4) * P[..., 3]
    record("edgeWork", np.stack([v, v, v, P[..., 3]], -1))

# ---------------------------------------------------------------- distance gradients from a red mask (pattern, 16×14 around it)

def distance_gradients():
    # The mask: the pattern brightened by two stops (CIExposureAdjust +2), premultiplied red above 0.5.
    P = pattern(12, 10) * np.array([4, 4, 4, 1])
    inside = P[..., 0] > 0.5
    mask = [(i + 0.5, j + 0.5) for j in range(10) for i in range(12) if inside[j, i]]
    other = [(i + 0.5, j + 0.5) for j in range(-30, 40) for i in range(-30, 42) if not (0 <= i < 12 and 0 <= j < 10 and inside[j, i])]
    def nearest(points, x, y):
        return min(math.hypot(x - px, y - py) for px, py in points) if points else math.inf
    def in_mask(x, y):
        i, j = math.floor(x), math.floor(y)
        return 0 <= i < 12 and 0 <= j < 10 and inside[j, i]
    def unsigned(m):
        def f(x, y):
            v = 0.0 if in_mask(x, y) else min(nearest(mask, x, y) / m, 1)
            return np.array([v, v, v, 1])
        return f
    def signed(m):
        def f(x, y):
            v = -min(nearest(other, x, y) / m, 1) if in_mask(x, y) else min(nearest(mask, x, y) / m, 1)
            return np.array([v, v, v, 1])
        return f
    record("distanceGradientFromRedMask", render(unsigned(3.5), -2, -2, 16, 14))
    record("signedDistanceGradientFromRedMask", render(signed(2.5), -2, -2, 16, 14))

# ---------------------------------------------------------------- Canny edge detector (12×10 pattern)

def canny(P, sigma, perceptual, high, low, passes, margins=None):
    """CICannyEdgeDetector on a y-up image whose edges repeat: white edges on black, opaque."""
    h, w = P.shape[:2]
    pad = passes + 2
    Q = np.pad(P, ((pad, pad), (pad, pad), (0, 0)), mode="edge")
    B = separable(Q, gaussian_weights(sigma), gaussian_weights(sigma), "edge") if sigma > 0 else Q
    L = B[..., :3] @ LUMA
    if perceptual: L = linear_to_srgb(L)
    H, W = L.shape
    mag, dirn = np.zeros((H, W)), np.zeros((H, W), dtype=int)
    for j in range(1, H - 1):
        for i in range(1, W - 1):
            a, b, c = L[j + 1, i - 1], L[j + 1, i], L[j + 1, i + 1]
            d, f = L[j, i - 1], L[j, i + 1]
            g, hh, k = L[j - 1, i - 1], L[j - 1, i], L[j - 1, i + 1]
            gx, gy = ((c + 2 * f + k) - (a + 2 * d + g)) / 8, ((a + 2 * b + c) - (g + 2 * hh + k)) / 8
            mag[j, i] = math.hypot(gx, gy)
            angle = math.degrees(math.atan2(gy, gx))
            if angle < 0: angle += 180
            if margins is not None and mag[j, i] > 1e-6: margins.append(abs((angle / 45) % 1 - 0.5))
            dirn[j, i] = int(swift_round(angle / 45)) % 4
    steps = [(1, 0), (1, 1), (0, 1), (-1, 1)]
    state = np.zeros((H, W), dtype=int)
    for j in range(2, H - 2):
        for i in range(2, W - 2):
            v = mag[j, i]; dx, dy = steps[dirn[j, i]]
            ahead, behind = mag[j + dy, i + dx], mag[j - dy, i - dx]
            if margins is not None and v > 1e-6:
                margins.extend([abs(v - ahead) / v, abs(v - behind) / v, abs(v - high) / v, abs(v - low) / v])
            if v > behind and v >= ahead:
                state[j, i] = 2 if v >= high else (1 if v >= low else 0)
    for _ in range(passes):
        promote = [(j, i) for j in range(1, H - 1) for i in range(1, W - 1)
                   if state[j, i] == 1 and (state[j - 1:j + 2, i - 1:i + 2] == 2).any()]
        for j, i in promote: state[j, i] = 2
    e = (state[pad:pad + h, pad:pad + w] == 2).astype(np.float64)
    return np.stack([e, e, e, np.ones_like(e)], -1)

def canny_edges():
    # The pattern, σ 1, thresholds 0.03 and 0.012, two passes; and perceptual, σ 1, the default thresholds and pass.
    record("cannyEdgeDetector", canny(pattern(12, 10), 1.0, False, 0.03, 0.012, 2))
    record("cannyEdgeDetectorPerceptual", canny(pattern(12, 10), 1.0, True, 0.05, 0.02, 1))

# ---------------------------------------------------------------- tone map headroom (12×10 pattern brightened 3 stops)

def tone_map_headroom():
    P = pattern(12, 10) * np.array([8, 8, 8, 1])
    S, T = 6.0, 2.0
    def f(u):
        m = u[..., :3].max(-1)
        g = np.where(m >= S, T / np.maximum(m, 1e-30), (1 + m * T / (S * S)) / (1 + m / T))
        g = np.where(m > 0, g, 1.0)
        return np.concatenate([u[..., :3] * g[..., None], u[..., 3:]], -1)
    record("toneMapHeadroom", per_pixel_unpremultiplied(P, f))

# ---------------------------------------------------------------- document enhancer, system tone map, depth blur

def square_extreme(img, r, op):
    """Per-component max/min over the (2r+1)-square around each pixel, the array's edges repeated outward."""
    h, w = img.shape[:2]
    p = np.pad(img, ((r, r), (r, r), (0, 0)), mode="edge")
    stack = [p[r + dy:r + dy + h, r + dx:r + dx + w] for dy in range(-r, r + 1) for dx in range(-r, r + 1)]
    return np.max(stack, 0) if op == "max" else np.min(stack, 0)

def document_background(P, r):
    """The luminance of the image clamped to its extent, closed by a (2r+1)-square and blurred with sigma r."""
    y = luma(unpremultiply(P))[..., None].repeat(4, -1)
    margin = 2 * r + math.ceil(3 * r) + 1
    big = np.pad(y, ((margin, margin), (margin, margin), (0, 0)), mode="edge")
    closed = square_extreme(square_extreme(big, r, "max"), r, "min")
    g = gaussian_weights(r)
    return separable(closed, g, g, "edge")[margin:-margin, margin:-margin, 0]

def document_enhanced(P, amount):
    h, w = P.shape[:2]
    r = min(max(int(math.floor(min(w, h) / 50 + 0.5)), 2), 64)
    u = unpremultiply(P)
    b = np.maximum(document_background(P, r), 1 / 64)[..., None]
    n = np.clip(u[..., :3] / b, 0, 1)
    rgb = u[..., :3] + min(amount, 1) * (n ** (1 + amount / 2) - u[..., :3])
    return premultiply(np.concatenate([rgb, u[..., 3:]], -1))

def headroom_curve(S, T):
    def f(u):
        m = u[..., :3].max(-1)
        g = np.where(m >= S, T / np.maximum(m, 1e-30), (1 + m * T / (S * S)) / (1 + m / T))
        g = np.where(m > 0, g, 1.0)
        return np.concatenate([u[..., :3] * g[..., None], u[..., 3:]], -1)
    return f

def depth_blurred(P, d, focus, sigma):
    """The masked variable blur of P (edges clamped) with mask min(|d - focus|, 1)."""
    m = np.minimum(np.abs(d - focus), 1) * 4
    levels = [P] + [separable(P, gaussian_weights(sigma * k / 4), gaussian_weights(sigma * k / 4), "edge") for k in range(1, 5)]
    k = np.minimum(np.floor(m).astype(int), 3); f = (m - k)[..., None]
    out = np.zeros_like(P)
    for j in range(P.shape[0]):
        for i in range(P.shape[1]):
            kk = k[j, i]
            out[j, i] = levels[kk][j, i] * (1 - f[j, i]) + levels[kk + 1][j, i] * f[j, i]
    return out

def document_tone_depth():
    # CIDocumentEnhancer on the 12x10 pattern (background radius 2), amounts 1.5 and 0.5.
    P = pattern(12, 10)
    record("documentEnhancer", document_enhanced(P, 1.5))
    record("documentEnhancerHalf", document_enhanced(P, 0.5))
    # CISystemToneMap on the pattern brightened 3 stops; the source headroom is the image's largest component.
    B = P * np.array([8, 8, 8, 1])
    S = max(unpremultiply(B)[..., :3].max(), 1)
    record("systemToneMap", per_pixel_unpremultiplied(B, headroom_curve(S, 2.0)))             # display 2, high (nil)
    record("systemToneMapConstrained", per_pixel_unpremultiplied(B, headroom_curve(S, 3.0)))  # display 9, constrained: sqrt
    record("systemToneMapStandard", per_pixel_unpremultiplied(B, headroom_curve(S, 1.0)))     # display 4, standard
    # CIDepthBlurEffect: the pattern with its own red channel as disparity, aperture 2 (sigma 4 px at full blur).
    d = P[..., 0]
    record("depthBlurEffect", depth_blurred(P, d, d[:, 0:3].mean(), 4.0))   # focus rect (0, 0, 0.25, 1): the mean there
    record("depthBlurEffectNearest", depth_blurred(P, d, d.max(), 4.0))    # no focus rect: the largest disparity
# ---------------------------------------------------------------- k-means, Droste, mesh, blurred rounded rectangle

def kmeans_palette(u, seeds, k, passes, perceptual):
    """CIKMeans on unpremultiplied pixels u (n × 4, row order from the bottom): the given seeds, then pixel
    (2i + 1)·n // 2k for the rest; nearest mean (first of ties, Euclidean in linear RGB or Lab), means moved to the
    average of their pixels, empty clusters kept; weights from a last assignment. Returns k × 4 (rgb, weight)."""
    u = u[u[:, 3] > 0]
    n = len(u)
    means = [np.array(sd[:3]) for sd in seeds[:k]]
    means += [u[(2 * i + 1) * n // (2 * k), :3] for i in range(len(means), k)]
    means = np.array(means, dtype=np.float64)
    key = (lambda c: np.stack(lab(c), axis=-1)) if perceptual else (lambda c: c[..., :3])
    def assign():
        d = ((key(u)[:, None, :] - key(means)[None, :, :]) ** 2).sum(-1)
        return np.argmin(d, axis=1)
    for _ in range(passes):
        idx = assign()
        for i in range(k):
            if (idx == i).any(): means[i] = u[idx == i, :3].mean(0)
    idx = assign()
    weights = np.array([(idx == i).sum() / n for i in range(k)])
    return np.concatenate([means, weights[:, None]], axis=1)

def droste_map(x, y, outer, inset0, inset1, strands, periodicity, rotation, zoom):
    """The Droste spiral (de Smit & Lenstra) in complex arithmetic: the input position output (x, y) shows.
    The scale level is found by repeated scaling (the engine computes it with a logarithm)."""
    ox, oy, ow, oh = outer
    ix0, ix1 = sorted([inset0[0], inset1[0]]); iy0, iy1 = sorted([inset0[1], inset1[1]])
    s = math.sqrt(ow * oh / ((ix1 - ix0) * (iy1 - iy0)))
    c_in, c_out = complex((ix0 + ix1) / 2, (iy0 + iy1) / 2), complex(ox + ow / 2, oy + oh / 2)
    zs = (s * c_in - c_out) / (s - 1)
    L = math.log(s)
    v = (complex(x, y) - zs) * np.exp(-1j * rotation) / zoom
    q = np.exp(np.log(v) * complex(periodicity, -strands * L / (2 * math.pi)))
    def inside(q, f):   # inside the outer rectangle shrunk by f about zs
        p = zs + q * f
        return ox <= p.real < ox + ow and oy <= p.imag < oy + oh
    while not inside(q, 1): q /= s
    while inside(q, s): q *= s
    p = zs + q
    return p.real, p.imag

def segment_distance(px, py, x0, y0, x1, y1):
    d = np.array([x1 - x0, y1 - y0]); v = np.array([px - x0, py - y0])
    l2 = d @ d
    t = 0.0 if l2 == 0 else min(max((v @ d) / l2, 0), 1)
    return float(np.linalg.norm(v - t * d))

def kmeans_droste_mesh():
    # k-means: the 12×10 pattern, 4 clusters, 3 passes (linear RGB); 3 clusters seeded by the pattern's first three
    # bottom-row pixels, 2 passes, perceptual.
    P = pattern(12, 10)
    u = unpremultiply(P).reshape(-1, 4)
    record("kMeans", kmeans_palette(u, [], 4, 3, False)[None])
    record("kMeansSeededPerceptual", kmeans_palette(u, list(u[:3]), 3, 2, True)[None])
    # Droste: the 12×10 pattern (the outer frame), inner frame (5, 4)–(9.8, 8) (s = 2.5), bilinear sampling.
    for name, strands, periodicity, rotation, zoom in (("droste", 1, 1, 0.3, 1.2), ("drosteTwoStrands", 2, 1, 0.0, 1.0)):
        def f(x, y):
            sx, sy = droste_map(x, y, (0, 0, 12, 10), (9.8, 8), (5, 4), strands, periodicity, rotation, zoom)
            return bilinear(P, sx, sy)
        record(name, render(f, 0, 0, 12, 10))
    # Mesh: three segments (one a point), width 2.5, colour (0.9, 0.5, 0.2, 0.8), over 16×12.
    segs = [(2, 2, 13, 9), (3, 10, 12, 1.5), (8, 5, 8, 5)]
    col = srgb_color(0.9, 0.5, 0.2, 0.8)
    def mesh(x, y):
        cov = max(min(max(2.5 / 2 + 0.5 - segment_distance(x, y, *sg), 0), 1) for sg in segs)
        return col * cov
    record("meshGenerator", render(mesh, 0, 0, 16, 12))
    # Blurred rounded rectangle: (2, 1.5, 11, 8), radius 3, σ 1.5, colour (0.3, 0.7, 0.9), over (−3, −3, 21, 17).
    # The shape is sampled on a 1/64-pixel grid and convolved with the Gaussian sampled on that grid (within about
    # 3e-5 of the exact convolution).
    x0, y0, w, h, r, sg = 2.0, 1.5, 11.0, 8.0, 3.0, 1.5
    step = 1 / 64
    gx = np.arange(-12, 28, step) + step / 2; gy = np.arange(-12, 24, step) + step / 2
    X, Y = np.meshgrid(gx, gy)
    qx = np.abs(X - (x0 + w / 2)) - (w / 2 - r); qy = np.abs(Y - (y0 + h / 2)) - (h / 2 - r)
    sd = np.hypot(np.maximum(qx, 0), np.maximum(qy, 0)) + np.minimum(np.maximum(qx, qy), 0) - r
    M = (sd < 0).astype(np.float64)
    cx = np.arange(-3, 18) + 0.5; cy = np.arange(-3, 14) + 0.5
    G = lambda c, g: np.exp(-(g[None, :] - c[:, None]) ** 2 / (2 * sg * sg)) * step / (sg * math.sqrt(2 * math.pi))
    cov = G(cy, gy) @ M @ G(cx, gx).T
    record("blurredRoundedRectangleGenerator", cov[..., None] * srgb_color(0.3, 0.7, 0.9))

# ---------------------------------------------------------------- output

def main():
    color_filters(); compositing(); generators(); neighbourhood_filters(); geometry_filters(); reductions()
    convolution_and_morphology(); more_generators(); tile_effects(); color_maths(); distortions(); halftones_and_lines(); stylize_more(); perspective_transforms(); median_depth_wrap(); dissolve_map_cubes(); swipes(); cells()
    reductions_more(); color_looks(); curves_palettes_spots(); scaling_and_sampling(); camera_filters()
    transitions_more(); distortions_more(); blurs_more(); light_generators(); stylize_light(); lines_and_guides(); cmyk_halftone(); rounded_rectangle_stroke()
    comic_and_edge_work(); distance_gradients(); canny_edges(); tone_map_headroom()
    document_tone_depth()
    kmeans_droste_mesh()
    here = os.path.dirname(os.path.abspath(__file__))
    lines = ["// Generated by References/reference.py (numpy, float64) — do not edit by hand; rerun the script instead.",
             "// Premultiplied RGBA in extended linear sRGB, top row first, for the inputs described in the script.",
             "", "enum ReferenceValues {", "    static let values: [String: [Float]] = ["]
    for name in sorted(OUT):
        values = ", ".join("%.7g" % v for v in OUT[name])
        lines.append(f'        "{name}": [{values}],')
    lines += ["    ]", "}", ""]
    with open(os.path.join(here, "..", "ReferenceValues.swift"), "w") as f:
        f.write("\n".join(lines))
    print(f"{len(OUT)} reference arrays, {sum(len(v) for v in OUT.values())} values")

if __name__ == "__main__":
    main()
