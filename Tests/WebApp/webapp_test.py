#!/usr/bin/env python3
"""Browser tests of the web app: a real `photos serve` on loopback over a fresh library, driven in headless
Chromium (Debian's chromium + chromium-driver, python3-selenium). The steps run in order, as a new user would:
first-run setup, sign out and in, upload a folder (pairs kept), the timeline, select and favourite, an album
(reordered), the viewer's keyboard, zooming a HEIC, a large TIFF (tiles) and a JPEG, justified rows, search by camera and place, a Live Photo, burst picks,
a video seek, editing with sliders then revert, turning and cropping a photo then revert, delete and recover, a change
from the CLI arriving live, an application asking and the owner answering (the prompt, giving it photos, Settings),
a shared link showing only its album, a picker an application opened. Every step saves a screenshot.

Usage: webapp_test.py PHOTOS_BINARY [SCREENSHOT_DIR]
Media: ../shared/media when present (the issue's corpus), else the repository's Demo/media (video step skipped).
"""
import base64
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import unittest
import urllib.error
import urllib.request
import zipfile
from pathlib import Path

from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException, TimeoutException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.support.ui import Select, WebDriverWait

ROOT = Path(__file__).resolve().parents[2]
SHARED_MEDIA = ROOT.parent / "shared" / "media"
BINARY = None
SHOTS = None
PASSWORD = "correct horse battery staple"


def media_files():
    """The folder uploaded: a Live Photo pair, photos, and a video when the corpus is there."""
    if SHARED_MEDIA.is_dir():
        files = [SHARED_MEDIA / "livephoto" / n for n in ("IMG_0002.JPG", "IMG_0002.MOV")]
        files += [SHARED_MEDIA / "images" / n for n in ("exif_full_gps_north_east.jpg", "no_metadata.jpg", "display_p3.jpg")]
        files += [SHARED_MEDIA / "heic" / "real_iphone8_gps.heic", SHARED_MEDIA / "video" / "h264_aac.mp4"]
        files += sorted((SHARED_MEDIA / "images" / "burst").glob("*.jpg"))
        return files, 9, 7, True   # 10 files → 9 assets (a Live Photo pair), 7 shown (a burst of three is one stack), with a HEIC and a video
    print("note: ../shared/media is absent; uploading Demo/media instead and skipping the video step", file=sys.stderr)
    demo = ROOT / "Demo" / "media"
    files = [demo / "IMG_0001.HEIC", demo / "IMG_0001.MOV", demo / "dragonfly.jpg"] + sorted((demo / "burst").glob("*"))
    return files, 5, 3, False   # a Live Photo pair, a photo, a burst of three (one stack)


class Server:
    """`photos serve` on a free loopback port, over `library`."""

    def __init__(self, library, setup=True):
        self.process = subprocess.Popen([BINARY, "serve", "--exit-with-parent", "--no-analysis", "--library", library, "--listen", "127.0.0.1:0"],
                                        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        self.url = self.token = None
        deadline = time.time() + 60
        # A library without accounts prints a setup token after the address; one with accounts does not.
        while time.time() < deadline and (self.url is None or (setup and self.token is None)):
            line = self.process.stdout.readline()
            if not line:
                break
            if m := re.search(r"at (http://\S+)", line):
                self.url = m.group(1)
            if m := re.search(r'"setupToken":"([0-9a-f]+)"', line):
                self.token = m.group(1)
        if not self.url:
            raise RuntimeError("photos serve did not start")

    def stop(self):
        self.process.terminate()
        try:
            self.process.wait(15)
        except subprocess.TimeoutExpired:
            self.process.kill()


class WebAppTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.directory = tempfile.mkdtemp(prefix="photos-webapp-")
        cls.library = os.path.join(cls.directory, "Library.photoslibrary")
        subprocess.run([BINARY, "init", "--library", cls.library], check=True, capture_output=True)
        # The example editing extension, installed for this library (the editor lists it).
        cls.filtster = os.path.join(os.path.dirname(BINARY), "filtster")
        if os.path.exists(cls.filtster):
            subprocess.run([BINARY, "extensions", "install", "--for-library", cls.filtster, "--library", cls.library], check=True, capture_output=True)
        # The example project extension (memories offer to make a photo book with it).
        cls.photobook = os.path.join(os.path.dirname(BINARY), "photobook")
        if os.path.exists(cls.photobook):
            subprocess.run([BINARY, "extensions", "install", "--for-library", cls.photobook, "--library", cls.library], check=True, capture_output=True)
        cls.server = Server(cls.library)
        options = webdriver.ChromeOptions()
        for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,860",
                         "--disable-gpu", "--lang=en-GB", "--autoplay-policy=no-user-gesture-required"):
            options.add_argument(argument)
        options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
        cls.browser = webdriver.Chrome(options=options, service=Service(shutil.which("chromedriver") or "/usr/bin/chromedriver"))
        cls.browser.set_script_timeout(30)
        cls.downloads = os.path.join(cls.directory, "downloads")
        os.makedirs(cls.downloads)
        cls.browser.execute_cdp_cmd("Page.setDownloadBehavior", {"behavior": "allow", "downloadPath": cls.downloads})
        cls.files, cls.expected_imported, cls.expected_assets, cls.has_video = media_files()

    @classmethod
    def tearDownClass(cls):
        cls.browser.quit()
        cls.server.stop()
        shutil.rmtree(cls.directory, ignore_errors=True)

    # Helpers ---------------------------------------------------------------------------------------------

    def shot(self, name):
        if SHOTS:
            self.browser.save_screenshot(os.path.join(SHOTS, f"{name}.png"))

    def wait(self, condition, timeout=20, message=""):
        try:
            # Views re-render: an element found a moment ago may be gone; the condition is simply tried again.
            return WebDriverWait(self.browser, timeout, poll_frequency=0.1,
                                 ignored_exceptions=[StaleElementReferenceException]).until(lambda d: condition(), message)
        except TimeoutException:
            self.shot(f"failed-{self.id().rsplit('.', 1)[-1]}")
            for entry in self.browser.get_log("browser")[-10:]:
                print("browser:", entry.get("message"), file=sys.stderr)
            raise

    def find(self, selector):
        return self.browser.find_element(By.CSS_SELECTOR, selector)

    def finds(self, selector):
        return self.browser.find_elements(By.CSS_SELECTOR, selector)

    def type_into(self, selector, text):
        """Types into the element, finding it again when the page replaced it meanwhile (the sign-in form can be
        drawn twice after signing out: once at once, again when the session check answers)."""
        for attempt in range(10):
            try:
                self.find(selector).send_keys(text)
                return
            except StaleElementReferenceException:
                if attempt == 9:
                    raise
                time.sleep(0.1)

    def api(self, method, path, body=None):
        """A request from the page (its session cookie and CSRF token)."""
        return self.browser.execute_async_script("""
            const [method, path, body, done] = arguments;
            import('/app/api.js').then(({ api }) => api(method, path, body === null ? undefined : body))
              .then((answer) => done({ ok: true, answer }), (error) => done({ ok: false, status: error.status, message: error.message }));
        """, method, path, body)

    def all_assets(self, body=None):
        fetch = self.api("POST", "/api/fetches", body or {"entity": "assets", "sort": [{"key": "creationDate", "ascending": False}]})["answer"]
        page = self.api("GET", f"/api/fetches/{fetch['id']}?offset=0&limit=1000")["answer"]
        return page.get("assets", [])

    def loaded_cells(self):
        return self.browser.execute_script(
            "return [...document.querySelectorAll('.cell img')].filter((i) => i.complete && i.naturalWidth > 0).length"
            " + document.querySelectorAll('.cell.no-image').length")

    def click_action(self, action):
        self.wait(lambda: self.find(f'.toolbar [data-action="{action}"]').is_enabled(), message=f"{action} enabled")
        self.find(f'.toolbar [data-action="{action}"]').click()

    def go(self, path):
        self.browser.execute_script("arguments[0]", None)
        self.browser.execute_script("import('/app/main.js').then((m) => m.navigate(arguments[0]))", path)
        self.wait(lambda: self.browser.execute_script("return location.pathname") == path.split("?")[0])

    def sidebar(self, title, click=False):
        """Whether the sidebar has a link titled `title` (clicking it when asked); immune to the sidebar re-rendering."""
        return self.browser.execute_script("""
            const link = [...document.querySelectorAll('.sidebar a')].find((a) => a.textContent === arguments[0]);
            if (link && arguments[1]) link.click();
            return !!link;""", title, click)

    def click_cell(self, index):
        """Clicks the cell at `index` from the page, at once (live updates may re-place cells at any moment)."""
        self.wait(lambda: self.browser.execute_script(
            "const c = document.querySelector(`.cell[data-index='${arguments[0]}']`); if (c && c.dataset.id) { c.click(); return true; } return false;", index),
            message=f"cell {index}")

    def select_cells(self, count):
        if self.find('.toolbar [data-action="select"]').get_attribute("aria-pressed") != "true":
            self.find('.toolbar [data-action="select"]').click()
        for index in range(count):
            self.click_cell(index)
        self.wait(lambda: len(self.finds(".cell.selected")) == count, message="cells selected")

    # Steps -----------------------------------------------------------------------------------------------

    def test_01_first_run_setup(self):
        self.assertIsNotNone(self.server.token, "photos serve printed a setup token")
        self.browser.get(self.server.url)
        self.wait(lambda: self.finds("input[name=setupToken]"), message="setup form")
        self.shot("01-setup")
        self.find("input[name=setupToken]").send_keys(self.server.token)
        self.find("input[name=username]").send_keys("owner")
        self.find("input[name=password]").send_keys(PASSWORD + Keys.ENTER)
        self.wait(lambda: "No photos yet" in self.find("main").text, message="empty library")
        self.shot("01-empty-library")

    def test_02_sign_out_and_in(self):
        self.go("/settings")
        self.wait(lambda: self.finds("[data-action=sign-out]"))
        self.find("[data-action=sign-out]").click()
        self.wait(lambda: self.finds("input[name=password]") and not self.finds("input[name=setupToken]"), message="sign-in form")
        self.type_into("input[name=username]", "owner")
        self.type_into("input[name=password]", "wrong password" + Keys.ENTER)
        self.wait(lambda: self.find(".auth-form .error").text, message="error shown for a wrong password")
        self.shot("02-sign-in-refused")
        self.find("input[name=password]").clear()
        self.find("input[name=password]").send_keys(PASSWORD + Keys.ENTER)
        self.wait(lambda: self.sidebar("Library"), message="signed in")

    def test_03_upload_folder_keeps_pairs(self):
        chooser = self.find(".upload-button input")
        chooser.send_keys("\n".join(str(f) for f in self.files))
        self.wait(lambda: self.finds(".uploads[data-done=true]"), timeout=120, message="uploads finished")
        summary = self.find(".uploads .summary").text
        self.shot("03-uploaded")
        self.assertIn(f"{self.expected_imported} imported", summary)
        self.assertIn("1 Live Photos", summary)
        assets = self.all_assets()
        self.assertEqual(len(assets), self.expected_assets)
        self.assertEqual(sum(1 for a in assets if a["mediaSubtypes"] & 8), 1, "the still and its movie are one Live Photo")
        # Uploading the same folder again sends nothing: the hash check finds every file.
        self.find(".uploads header button").click()
        self.find(".upload-button input").send_keys("\n".join(str(f) for f in self.files[:2]))
        self.wait(lambda: self.finds(".uploads[data-done=true]"), timeout=60)
        self.assertIn("0 imported", self.find(".uploads .summary").text)
        self.assertEqual(len(self.finds(".uploads li.skipped")), 2)
        self.find(".uploads header button").click()

    def test_04_timeline_shows_uploads(self):
        self.go("/")
        self.wait(lambda: self.loaded_cells() == self.expected_assets, message="every thumbnail loaded")
        self.assertTrue(self.finds(".badge.live"), "the Live Photo has its badge")
        # Day headers: one per local day the assets were taken, in order, as many as the server's sections.
        headers = [h.text for h in self.finds(".day-header")]
        days = {a["creationDate"][:10] for a in self.all_assets()}
        self.assertGreaterEqual(len(headers), 2)
        self.assertLessEqual(len(headers), len(days) + 1)
        self.shot("04-timeline")

    def test_05_select_and_favourite(self):
        self.select_cells(2)
        self.click_action("favorite")
        self.wait(lambda: len(self.finds(".badge.fav")) == 2, message="hearts arrive through the change stream")
        favorites = [a for a in self.all_assets() if a["isFavorite"]]
        self.assertEqual(len(favorites), 2)
        self.shot("05-favourited")
        # Download the two as a ZIP of their originals.
        self.select_cells(2)
        self.click_action("download")
        archive = os.path.join(self.downloads, "Photos.zip")
        self.wait(lambda: os.path.exists(archive) and not os.path.exists(archive + ".crdownload"), timeout=30, message="ZIP downloaded")
        with zipfile.ZipFile(archive) as z:
            self.assertIsNone(z.testzip())
            names = z.namelist()
        uploaded = {f.name for f in self.files}
        self.assertGreaterEqual(len(names), 2)
        self.assertTrue(set(names) <= uploaded, f"{names} are original file names")
        self.find('.toolbar [data-action="select"]').click()   # leave selection mode

    def test_06_album_create_and_add(self):
        self.select_cells(2)
        self.click_action("add-to-album")
        self.wait(lambda: self.finds("dialog[open] button[value=new]"))
        self.find("dialog[open] button[value=new]").click()
        self.wait(lambda: self.finds("dialog[open] input[name=value]"))
        self.find("dialog[open] input[name=value]").send_keys("Holiday" + Keys.ENTER)
        self.wait(lambda: self.sidebar("Holiday"), message="album in the sidebar")
        self.sidebar("Holiday", click=True)
        self.wait(lambda: self.loaded_cells() == 2, message="album shows its two photos")
        self.__class__.album_path = self.browser.execute_script("return location.pathname")
        self.shot("06-album")

    def test_06b_folders(self):
        self.go("/albums")
        self.wait(lambda: self.finds('.toolbar [data-action="new-folder"]'))
        self.find('.toolbar [data-action="new-folder"]').click()
        self.wait(lambda: self.finds("dialog[open] input[name=value]"))
        self.find("dialog[open] input[name=value]").send_keys("Trips" + Keys.ENTER)
        self.wait(lambda: self.browser.execute_script("return location.pathname").startswith("/folders/"), message="the new folder")
        folder_path = self.browser.execute_script("return location.pathname")
        self.wait(lambda: "This folder is empty" in self.find("main").text)
        # The album moves into the folder, and out again.
        self.go(self.album_path)
        self.click_action("move")
        self.wait(lambda: self.finds("dialog[open] .album-choices button"))
        self.find("dialog[open] .album-choices button").click()
        self.go(folder_path)
        self.wait(lambda: "Holiday" in self.find(".album-list").text, message="Holiday inside Trips")
        self.shot("06b-folder")
        self.find("[data-move-out]").click()
        self.wait(lambda: "This folder is empty" in self.find("main").text, message="moved out again")
        self.go("/albums")
        self.wait(lambda: "Holiday" in self.find(".album-list").text and "Trips" in self.find(".album-list").text)

    def album_order(self):
        album = self.album_path.split("/")[-1] + "/L0/040"
        return [a["id"] for a in self.all_assets({"entity": "assets", "scope": {"type": "collection", "collection": album}})]

    def grid_order(self, count):
        return self.browser.execute_script(
            "return [...Array(arguments[0]).keys()].map((i) => document.querySelector(`.cell[data-index='${i}']`)?.dataset.id || '')", count)

    def test_06c_album_reorder(self):
        self.go(self.album_path)
        self.wait(lambda: self.loaded_cells() == 2)
        first, second = self.album_order()
        self.assertEqual(self.grid_order(2), [first, second])
        # Dragging the second photo onto the left half of the first: a marker shows where it goes, the drop moves it.
        self.browser.execute_script("""
            const [a, b] = [0, 1].map((i) => document.querySelector(`.cell[data-index='${i}']`));
            const r = a.getBoundingClientRect();
            const data = new DataTransfer();
            window.__drag = data;
            b.dispatchEvent(new DragEvent('dragstart', { bubbles: true, dataTransfer: data }));
            a.dispatchEvent(new DragEvent('dragover', { bubbles: true, cancelable: true, dataTransfer: data, clientX: r.left + 10, clientY: r.top + 10 }));""")
        self.assertTrue(self.find(".drop-marker").is_displayed(), "the drop marker shows")
        self.shot("06c-album-drag-marker")
        self.browser.execute_script("""
            const a = document.querySelector(".cell[data-index='0']");
            const r = a.getBoundingClientRect();
            a.dispatchEvent(new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: window.__drag, clientX: r.left + 10, clientY: r.top + 10 }));""")
        self.wait(lambda: self.grid_order(2) == [second, first], message="the grid shows the new order (from the change stream)")
        self.assertEqual(self.album_order(), [second, first], "the album's order changed")
        self.assertFalse(self.find(".drop-marker").is_displayed())
        self.shot("06c-album-reordered")
        # The keyboard: Home focuses the first photo, Alt+→ moves it one later.
        self.find(".grid-scroller").send_keys(Keys.HOME)
        ActionChains(self.browser).key_down(Keys.ALT).send_keys(Keys.ARROW_RIGHT).key_up(Keys.ALT).perform()
        self.wait(lambda: self.grid_order(2) == [first, second], message="Alt+Right moved it later")
        self.assertEqual(self.album_order(), [first, second])
        self.assertEqual(self.browser.execute_script("return document.activeElement.dataset.id"), second, "focus follows the moved photo")
        # The toolbar: select the second photo, Move Earlier.
        self.select_cells(0)
        self.click_cell(1)
        self.click_action("move-earlier")
        self.wait(lambda: self.grid_order(2) == [second, first], message="Move Earlier")
        self.assertEqual(self.album_order(), [second, first])
        self.assertEqual(len(self.finds(".cell.selected")), 1, "the moved photo stays selected")
        self.shot("06c-album-moved-earlier")
        self.find('.toolbar [data-action="select"]').click()   # leave selection mode

    def test_07_viewer_keyboard_navigation(self):
        self.go("/")
        self.wait(lambda: self.loaded_cells() == self.expected_assets)
        self.click_cell(0)
        self.wait(lambda: self.finds(".viewer .viewer-media img, .viewer .viewer-media video"), message="viewer open")
        first = self.find(".viewer-title").text
        self.find(".viewer").send_keys(Keys.ARROW_RIGHT)
        self.wait(lambda: self.find(".viewer-title").text != first, message="next photo")
        self.find(".viewer").send_keys("i")
        self.wait(lambda: "Taken" in self.find(".viewer-info").text, message="info panel")
        if self.has_video:   # the corpus's photos carry EXIF: the panel names a camera for at least one
            cameras = self.browser.execute_async_script("""
                const done = arguments[0];
                import('/app/api.js').then(async ({ api }) => {
                  const f = await api('POST', '/api/fetches', { entity: 'assets', predicate: 'mediaType == 1' });
                  const page = await api('GET', `/api/fetches/${f.id}?offset=0&limit=50`);
                  const all = await Promise.all(page.assets.map((a) => api('GET', `/api/assets/${a.id}/metadata`)));
                  done(all.filter((m) => m.model).length);
                });""")
            self.assertGreaterEqual(cameras, 1)
        self.shot("07-viewer-info")
        self.find(".viewer").send_keys(Keys.ARROW_LEFT)
        self.wait(lambda: self.find(".viewer-title").text == first, message="back to the first")
        self.find(".viewer").send_keys(Keys.ESCAPE)
        self.wait(lambda: not self.finds(".viewer"), message="viewer closed")

    def zoomed_picture(self):
        return self.browser.execute_script("""
            const img = document.querySelector('.viewer-media img.screen');
            const media = document.querySelector('.viewer-media');
            return { src: img.getAttribute('src'), full: img.dataset.full || '', complete: img.complete,
                     natural: img.naturalWidth, long: Math.max(img.naturalWidth, img.naturalHeight), shown: img.getBoundingClientRect().width, zoomed: media.classList.contains('zoomed'),
                     scrolls: media.scrollWidth > media.clientWidth };""")

    def test_07a_viewer_zooms_every_format(self):
        # A HEIC (browsers cannot read it): `z` zooms to a picture the server makes at full size (at most 4096 px).
        heic = self.open_asset(lambda a: a["uniformTypeIdentifier"] == "public.heic")
        self.wait(lambda: self.browser.execute_script("const i = document.querySelector('.viewer-media img.screen'); return i.complete && i.naturalWidth > 0"))
        screen_width = self.zoomed_picture()["natural"]
        self.find(".viewer").send_keys("z")
        self.wait(lambda: self.zoomed_picture()["full"] == "sized", timeout=60, message="the HEIC's full-size picture arrived")
        picture = self.zoomed_picture()
        long_side = min(4096, max(heic["pixelWidth"], heic["pixelHeight"]))
        self.assertIn("mode=fit", picture["src"])
        self.assertIn(f"width={long_side}", picture["src"])
        self.assertGreater(picture["natural"], screen_width, "sharper than the screen picture")
        self.assertTrue(picture["zoomed"] and picture["scrolls"], "shown at 100 %, scrolling")
        self.assertAlmostEqual(picture["shown"], picture["natural"], delta=1)
        self.assertEqual(picture["long"], long_side)
        self.shot("07a-viewer-zoomed-heic")
        self.find(".viewer").send_keys("z")
        self.wait(lambda: not self.zoomed_picture()["zoomed"], message="back to the fitted picture")
        self.assertLess(self.zoomed_picture()["shown"], screen_width + 1)
        self.find(".viewer").send_keys(Keys.ESCAPE)
        self.wait(lambda: not self.finds(".viewer"))
        self.browser.execute_script("document.querySelector('.grid-scroller').scrollTop = 0")   # the viewer revealed the HEIC
        # A JPEG browsers read: double-click zooms to the original file itself.
        jpeg = self.open_asset(lambda a: a["uniformTypeIdentifier"] == "public.jpeg" and not a["mediaSubtypes"] & 8 and not a.get("burstIdentifier"))
        self.wait(lambda: self.browser.execute_script("const i = document.querySelector('.viewer-media img.screen'); return i.complete && i.naturalWidth > 0"))
        ActionChains(self.browser).double_click(self.find(".viewer-media img.screen")).perform()
        self.wait(lambda: self.zoomed_picture()["full"] == "original", timeout=30, message="the JPEG's original arrived")
        picture = self.zoomed_picture()
        self.assertIn("/resources/", picture["src"])
        self.assertEqual(picture["long"], max(jpeg["pixelWidth"], jpeg["pixelHeight"]))
        self.assertAlmostEqual(picture["shown"], picture["natural"], delta=1)
        self.shot("07a-viewer-zoomed-jpeg")
        self.find(".viewer").send_keys(Keys.ESCAPE)
        self.wait(lambda: not self.finds(".viewer"))

    def erase_for_good(self, asset, what):
        """Trashes and purges an asset a step imported, so the later steps count what they uploaded."""
        self.assertTrue(self.api("POST", "/api/changes", {"operations": [{"op": "trashAssets", "assets": [asset["localIdentifier"]]}]})["ok"])
        self.assertTrue(self.api("POST", "/api/changes", {"operations": [{"op": "purgeAssets", "assets": [asset["localIdentifier"]]}]})["ok"])
        self.browser.execute_script("document.querySelector('.grid-scroller').scrollTop = 0")
        self.wait(lambda: self.loaded_cells() == self.expected_assets, message=f"{what} is gone")

    def test_07aa_zoom_tiles_past_the_made_picture(self):
        # A 5000×3000 TIFF (browsers cannot read it; larger than the 4096 px the server makes in one piece): zooming
        # shows it at its full size, covered by tiles made at 100 %. A red square sits at x 4500–4700, y 2600–2800,
        # the rest is grey, so the bottom-right tile's pixels show whether its crop is the right one.
        from PIL import Image, ImageDraw
        big = Path(self.directory) / "wide-scan.tiff"
        picture = Image.new("RGB", (5000, 3000), (128, 128, 128))
        ImageDraw.Draw(picture).rectangle((4500, 2600, 4699, 2799), fill=(220, 20, 20))
        picture.save(big)
        imported = subprocess.run([BINARY, "import", "--library", self.library, str(big)], capture_output=True, text=True)
        self.assertEqual(imported.returncode, 0, imported.stderr)
        self.wait(lambda: self.loaded_cells() == self.expected_assets + 1, timeout=20, message="the TIFF arrives")
        tiff = self.open_asset(lambda a: a["uniformTypeIdentifier"] == "public.tiff")
        self.assertEqual((tiff["pixelWidth"], tiff["pixelHeight"]), (5000, 3000))
        self.wait(lambda: self.browser.execute_script("const i = document.querySelector('.viewer-media img.screen'); return i.complete && i.naturalWidth > 0"))
        self.find(".viewer").send_keys("z")
        self.wait(lambda: self.zoomed_picture()["full"] == "tiled", timeout=60, message="the 4096 px picture arrived")
        picture = self.zoomed_picture()
        self.assertEqual(picture["long"], 4096, "the one-piece picture is the largest the server makes")
        self.assertAlmostEqual(picture["shown"], 5000, delta=1, msg="shown at the photo's own size")
        tiles = lambda: self.browser.execute_script("""
            return [...document.querySelectorAll('.zoom-tiles img')].map((t) => ({ tile: t.dataset.tile, loaded: !!t.dataset.loaded,
                src: t.getAttribute('src'), natural: [t.naturalWidth, t.naturalHeight], box: [t.offsetLeft, t.offsetTop, t.offsetWidth, t.offsetHeight] }));""")
        self.wait(lambda: any(t["loaded"] for t in tiles()), timeout=60, message="tiles in view arrive")
        self.assertLess(len(tiles()), 15, "only the tiles near the view")
        self.shot("07aa-viewer-zoom-tiles-centre")
        # To the bottom-right corner: the tile there is 904×952 (the photo's edge), placed at (4096, 2048).
        self.browser.execute_script("const m = document.querySelector('.viewer-media'); m.scrollLeft = m.scrollWidth; m.scrollTop = m.scrollHeight;")
        self.wait(lambda: any(t["tile"] == "4,2" and t["loaded"] for t in tiles()), timeout=60, message="the corner tile arrives")
        corner = next(t for t in tiles() if t["tile"] == "4,2")
        self.assertEqual(corner["natural"], [904, 952])
        self.assertEqual(corner["box"], [4096, 2048, 904, 952])
        self.assertIn("crop=", corner["src"])
        colours = self.browser.execute_script("""
            const tile = document.querySelector('.zoom-tiles img[data-tile="4,2"]');
            const canvas = document.createElement('canvas'); canvas.width = tile.naturalWidth; canvas.height = tile.naturalHeight;
            const context = canvas.getContext('2d'); context.drawImage(tile, 0, 0);
            const at = (x, y) => [...context.getImageData(x, y, 1, 1).data.slice(0, 3)];
            return { inside: at(4600 - 4096, 2700 - 2048), outside: at(4400 - 4096, 2700 - 2048), edge: at(4503 - 4096, 2603 - 2048) };""")
        self.assertGreater(colours["inside"][0], 180); self.assertLess(colours["inside"][1], 60)
        self.assertTrue(all(abs(c - 128) < 12 for c in colours["outside"]), colours)
        self.assertGreater(colours["edge"][0], 180, f"the square's corner lands on its pixel: {colours}")
        self.shot("07aa-viewer-zoom-tiles-corner")
        self.find(".viewer").send_keys("z")
        self.wait(lambda: not self.finds(".zoom-tiles"), message="tiles go with the zoom")
        self.find(".viewer").send_keys(Keys.ESCAPE)
        self.wait(lambda: not self.finds(".viewer"))
        self.erase_for_good(tiff, "the TIFF")

    def test_07b_years_lead_into_the_timeline(self):
        self.go("/years")
        self.wait(lambda: self.finds(".months a"), message="years and months")
        links = self.finds(".months a")
        self.assertGreaterEqual(len(links), 2)
        total = sum(int(l.find_element(By.CSS_SELECTOR, ".note").text.replace(",", "")) for l in links)
        self.assertEqual(total, self.expected_assets, "the months add up to the library")
        self.shot("07b-years")
        start = int(links[-1].get_attribute("href").split("at=")[1])
        links[-1].click()
        self.wait(lambda: self.finds(f'.cell[data-index="{start}"] img, .cell[data-index="{start}"].no-image'), message="the month's first asset shown")
        self.assertEqual(self.browser.execute_script("return location.pathname"), "/")

    def test_07c_moments(self):
        self.sidebar("Moments", click=True)
        self.wait(lambda: self.finds(".moment-list a"), message="moments listed")
        count = sum(int(re.search(r"(\d+) items?", a.text).group(1)) for a in self.finds(".moment-list a"))
        every = self.all_assets({"entity": "assets", "includeAllBurstAssets": True})
        self.assertEqual(count, len([a for a in every if a.get("creationDate")]), "every dated asset (a burst's too) is in one moment")
        self.finds(".moment-list a")[-1].click()
        self.wait(lambda: self.loaded_cells() >= 1, message="a moment's photos")
        self.shot("07c-moment")
        self.go("/")
        self.wait(lambda: self.loaded_cells() == self.expected_assets)

    def justified_rows(self):
        """The cells on screen grouped into rows (same top), each cell with its asset id and box."""
        return self.browser.execute_script("""
            const rows = new Map();
            for (const c of document.querySelectorAll('.cell[data-id]:not([data-id=""])')) {
              const r = c.getBoundingClientRect();
              const top = Math.round(r.top);
              if (!rows.has(top)) rows.set(top, []);
              rows.get(top).push({ id: c.dataset.id, index: Number(c.dataset.index), left: r.left, width: r.width, height: r.height });
            }
            return [...rows.entries()].sort((a, b) => a[0] - b[0]).map(([top, cells]) => ({ top, cells: cells.sort((a, b) => a.left - b.left) }));""")

    def test_07d_justified_layout(self):
        self.go("/")
        self.wait(lambda: self.loaded_cells() == self.expected_assets)
        toggle = self.find('.toolbar [data-action="layout"]')
        self.assertEqual(toggle.get_attribute("aria-pressed"), "false")
        toggle.click()
        self.wait(lambda: self.find(".grid-scroller").get_attribute("data-layout") == "justified", message="justified rows")
        self.assertEqual(self.find('.toolbar [data-action="layout"]').get_attribute("aria-pressed"), "true")
        self.wait(lambda: self.loaded_cells() == self.expected_assets)
        assets = {a["id"]: a for a in self.all_assets()}
        width = self.browser.execute_script("return document.querySelector('.grid-scroller').clientWidth")
        rows = self.justified_rows()
        self.assertGreaterEqual(len(rows), 2)
        for row in rows:
            heights = {round(c["height"]) for c in row["cells"]}
            self.assertLessEqual(max(heights) - min(heights), 1, "a row has one height")
            for cell in row["cells"]:   # each photo as wide as its aspect ratio (within rounding; extremes cropped)
                a = assets[cell["id"]]
                ratio = max(0.4, min(3, a["pixelWidth"] / a["pixelHeight"])) if a["pixelWidth"] and a["pixelHeight"] else 1
                self.assertAlmostEqual(cell["width"] / cell["height"], ratio, delta=0.05 * ratio + 2 / cell["height"])
            right = row["cells"][-1]["left"] + row["cells"][-1]["width"] - row["cells"][0]["left"]
            self.assertLessEqual(right, width + 1, "no row is wider than the grid")
        # Rows never cross a day: each row's cells are consecutive indexes, and day headers sit between rows.
        for row in rows:
            indexes = [c["index"] for c in row["cells"]]
            self.assertEqual(indexes, list(range(indexes[0], indexes[0] + len(indexes))))
        self.assertTrue(self.finds(".day-header"))
        self.shot("07d-justified")
        # The album (no day sections: one run of rows), zoomed in to three "columns" (higher rows): its two
        # pictures (a 16:9 video, a 3:2 photo) share a row that fills the width exactly.
        self.go(self.album_path)
        self.wait(lambda: self.find(".grid-scroller").get_attribute("data-layout") == "justified", message="remembered in another view")
        self.wait(lambda: self.loaded_cells() == 2)
        colcount = "return Number(document.querySelector('.grid-scroller').getAttribute('aria-colcount'))"
        while self.browser.execute_script(colcount) > 3:
            before = self.browser.execute_script(colcount)
            self.find(".grid-scroller").send_keys("+")
            self.wait(lambda: self.browser.execute_script(colcount) < before)
        self.wait(lambda: self.loaded_cells() == 2)
        rows = self.justified_rows()
        self.assertEqual(len(rows), 1, "one row")
        span = rows[0]["cells"][-1]["left"] + rows[0]["cells"][-1]["width"] - rows[0]["cells"][0]["left"]
        self.assertEqual(len(rows[0]["cells"]), 2)
        album_width = self.browser.execute_script("return document.querySelector('.grid-scroller').clientWidth")
        self.assertAlmostEqual(span, album_width, delta=2, msg="the row spans the grid's width")
        self.shot("07d-justified-album-zoomed")
        self.browser.execute_script("localStorage.removeItem('photos.columns')")
        self.go("/")
        self.wait(lambda: self.loaded_cells() == self.expected_assets)
        # The keyboard follows the rows: Home, then Down reaches a later row.
        self.find(".grid-scroller").send_keys(Keys.HOME)
        first_top = self.browser.execute_script("return document.activeElement.getBoundingClientRect().top")
        self.find(".grid-scroller").send_keys(Keys.ARROW_DOWN)
        self.wait(lambda: self.browser.execute_script("return document.activeElement.getBoundingClientRect().top") > first_top + 10, message="down a row")
        # Remembered: a reload keeps justified rows.
        self.browser.refresh()
        self.wait(lambda: self.finds(".grid-scroller") and self.find(".grid-scroller").get_attribute("data-layout") == "justified", message="remembered")
        self.wait(lambda: self.loaded_cells() == self.expected_assets)
        # At a phone's size: rows still fill the width, nothing overflows.
        self.browser.set_window_size(390, 844)
        self.wait(lambda: self.browser.execute_script("return document.querySelector('.grid-scroller').clientWidth") < 400)
        self.wait(lambda: self.loaded_cells() == self.expected_assets)
        self.wait(lambda: self.find(".sidebar").rect["x"] + self.find(".sidebar").rect["width"] <= 0, message="the sidebar slid away")
        self.assertLessEqual(self.browser.execute_script("return document.documentElement.scrollWidth - document.documentElement.clientWidth"), 0)
        phone_width = self.browser.execute_script("return document.querySelector('.grid-scroller').clientWidth")
        for row in self.justified_rows():
            self.assertLessEqual(row["cells"][-1]["left"] + row["cells"][-1]["width"] - row["cells"][0]["left"], phone_width + 1)
        self.shot("07d-justified-phone")
        self.browser.set_window_size(1280, 860)
        # Back to squares (the later steps count square cells).
        self.wait(lambda: self.find('.toolbar [data-action="layout"]').is_displayed())
        self.find('.toolbar [data-action="layout"]').click()
        self.wait(lambda: self.find(".grid-scroller").get_attribute("data-layout") == "square")
        self.wait(lambda: self.loaded_cells() == self.expected_assets)

    def result_ids(self):
        """The asset ids of the search results' cells."""
        return self.browser.execute_script(
            "return [...document.querySelectorAll('.search-results .cell[data-id]')].map((c) => c.dataset.id).filter(Boolean)")

    def search_shows(self, ids, message):
        """Waits for the search results to be exactly `ids` (every thumbnail loaded), or 'Nothing matches.'."""
        if ids:
            self.wait(lambda: sorted(self.result_ids()) == sorted(ids) and self.loaded_cells() == len(ids), message=message)
        else:
            self.wait(lambda: "Nothing matches." in self.find(".search-results").text, message=message)

    def fill_box(self, south, west, north, east):
        for name, value in (("south", south), ("west", west), ("north", north), ("east", east)):
            field = self.find(f".search-form input[name={name}]")
            field.clear()
            field.send_keys(str(value))

    def test_07e_search_by_camera_and_place(self):
        cameras = self.api("GET", "/api/cameras")["answer"]["cameras"]
        located = [a for a in self.all_assets() if a.get("location")]
        if not cameras and not located:
            self.skipTest("no uploaded asset names a camera or has a place (../shared/media absent?): camera and place search not checked")
        self.go("/search")
        self.wait(lambda: self.finds(".search-form select[name=camera] option"), message="the search form")
        picker = self.find(".search-form select[name=camera]")
        self.assertEqual(self.browser.execute_script("return arguments[0].labels[0].firstChild.textContent.trim()", picker), "Camera", "the picker is labelled")
        if cameras:
            # The picker lists every camera with its count; choosing one finds exactly its photos.
            options = [o.text for o in picker.find_elements(By.CSS_SELECTOR, "option")]
            self.assertEqual(len(options), len(cameras) + 1, f"Any plus one option per camera: {options}")
            camera = max(cameras, key=lambda c: c["count"])
            make, model = camera.get("make") or "", camera.get("model") or ""
            name = model if make and model.lower().startswith(make.lower()) else " ".join(p for p in (make, model) if p)
            self.assertIn(f"{name} ({camera['count']})", options)
            Select(picker).select_by_value(name)
            exact = " AND ".join(f"{k} == {json.dumps(v) if v is not None else 'nil'}"
                                 for k, v in (("cameraMake", camera.get("make")), ("cameraModel", camera.get("model"))))
            expected = [a["id"] for a in self.all_assets({"entity": "assets", "predicate": exact})]
            self.assertEqual(len(expected), camera["count"], "the listed count is what a fetch of that camera finds")
            self.find(".search-form button.primary").click()
            self.wait(lambda: "camera=" in self.browser.current_url, message="the camera is kept in the URL")
            self.search_shows(expected, "the camera's photos")
            self.shot("07e-search-by-camera")
            picker = self.find(".search-form select[name=camera]")
            self.assertEqual(picker.get_attribute("value"), name, "the form shows the search it made")
            Select(picker).select_by_value("")   # back to Any
        else:
            print("note: no uploaded asset names a camera; camera search not checked", file=sys.stderr)
        if not located:
            print("note: no uploaded asset has a place; place search not checked", file=sys.stderr)
            return

        def inside(a, south, west, north, east):
            lat, lon = a["location"]["latitude"], a["location"]["longitude"]
            return south <= lat <= north and (west <= lon <= east if west <= east else (lon >= west or lon <= east))

        # A box around one photo's place.
        here = located[0]["location"]
        box = (round(here["latitude"] - 0.05, 4), round(here["longitude"] - 0.05, 4), round(here["latitude"] + 0.05, 4), round(here["longitude"] + 0.05, 4))
        self.fill_box(*box)
        self.find(".search-form input[name=east]").send_keys(Keys.ENTER)
        self.wait(lambda: "south=" in self.browser.current_url and "camera=" not in self.browser.current_url, message="the box in the URL")
        self.search_shows([a["id"] for a in located if inside(a, *box)], "the photos in the box")
        self.assertIn(located[0]["id"], self.result_ids())
        self.shot("07e-search-by-place")
        # A box across the antimeridian (West 100° is east of East −60°): longitudes ≥ 100 or ≤ −60.
        wide = (-90, 100, 90, -60)
        self.fill_box(*wide)
        self.find(".search-form button.primary").click()
        self.wait(lambda: "west=100" in self.browser.current_url, message="the wide box in the URL")
        self.search_shows([a["id"] for a in located if inside(a, *wide)], "the photos either side of 180°")
        self.shot("07e-search-across-180")
        # Wrong numbers are refused in the page, with a message, and the search stays as it was.
        before = self.browser.current_url
        self.fill_box(50, 0, 10, 1)
        self.find(".search-form button.primary").click()
        self.wait(lambda: "South must not be north of North" in self.find(".search-form .form-error").text, message="the box is checked")
        self.assertEqual(self.browser.current_url, before)
        self.assertEqual(self.find(".search-form input[name=south]").get_attribute("aria-invalid"), "true")
        self.assertEqual(self.browser.execute_script("return document.activeElement.name"), "south")
        self.shot("07e-search-box-refused")
        # The viewer's info panel leads to the photos near a photo's place.
        self.go("/")
        self.wait(lambda: self.loaded_cells() == self.expected_assets)
        asset = self.open_asset(lambda a: a.get("location"))
        self.find(".viewer").send_keys("i")
        self.wait(lambda: self.finds(".viewer-info a[href^='/search?']"), message="a 'Photos near here' link")
        self.shot("07e-viewer-photos-near-here-link")
        self.find(".viewer-info a[href^='/search?']").click()
        self.wait(lambda: not self.finds(".viewer") and "south=" in self.browser.current_url, message="the viewer closes onto the search")
        self.wait(lambda: asset["id"] in self.result_ids(), message="the photo is among those near it")
        self.shot("07e-photos-near-here")
        self.go("/")
        self.wait(lambda: self.loaded_cells() == self.expected_assets)

    def open_asset(self, predicate):
        """Opens the viewer on the first grid asset for which `predicate(asset)` holds."""
        assets = self.all_assets()
        index = next(i for i, a in enumerate(assets) if predicate(a))
        self.click_cell(index)
        self.wait(lambda: self.finds(".viewer .viewer-media img, .viewer .viewer-media video"))
        return assets[index]

    def test_08_live_photo_plays(self):
        self.open_asset(lambda a: a["mediaSubtypes"] & 8)
        self.wait(lambda: self.finds(".viewer .live-video"), message="paired movie attached")
        ActionChains(self.browser).move_to_element(self.find(".live-badge")).perform()
        self.wait(lambda: self.browser.execute_script(
            "const v = document.querySelector('.live-video'); return !v.hidden && v.currentTime > 0.2"), message="movie playing")
        self.shot("08-live-photo-playing")
        ActionChains(self.browser).move_by_offset(0, 300).perform()
        self.wait(lambda: self.browser.execute_script("return document.querySelector('.live-video').hidden"), message="settles on the still")
        self.find(".viewer").send_keys(Keys.ESCAPE)

    def test_08b_burst_is_a_stack(self):
        self.assertTrue(self.finds(".badge.burst"), "the burst shows as one cell with its badge")
        stack = self.open_asset(lambda a: a.get("burstIdentifier"))
        self.wait(lambda: len(self.finds(".burst-strip [data-member]")) == 3, message="the burst's three photos")
        first = self.find(".viewer-title").text
        errors = self.browser.execute_script("return [...document.querySelectorAll('.toast.error')].map((t) => t.textContent)")
        if errors:
            for entry in self.browser.get_log("browser"):
                if "TypeError" in entry["message"] or "at " in entry["message"]:
                    print("browser:", entry["message"][:600], file=sys.stderr)
        self.assertEqual(errors, [], "no error toasts")
        self.finds(".burst-strip [data-member]")[2].click()
        self.wait(lambda: self.find(".viewer-title").text != first, message="another photo of the burst shown")
        self.shot("08b-burst")
        # Picks: P marks the photo shown; the library then represents the burst by it (Apple's rule: picks first).
        burst = self.browser.execute_script("return document.querySelector('.viewer-title').textContent.split(' — ')[0]")
        frames = lambda: self.all_assets({"entity": "assets", "scope": {"type": "burst", "burstIdentifier": stack["burstIdentifier"]},
                                          "includeAllBurstAssets": True, "sort": [{"key": "creationDate", "ascending": True}]})
        self.find(".viewer").send_keys("p")
        self.wait(lambda: len(self.finds(".burst-strip [data-member].picked")) == 1, message="the pick is starred")
        self.assertEqual(self.find(".burst-pick").get_attribute("aria-pressed"), "true")
        picked = [a for a in frames() if a["burstSelectionTypes"] & 2]
        self.assertEqual([a["originalFilename"] for a in picked], [burst], "the photo shown is the pick")
        self.assertTrue(picked[0]["representsBurst"], "the pick represents the burst")
        self.shot("08b-burst-pick")
        # Keep only picks: the other frames go to Recently Deleted in one change; recovered here for later steps.
        self.find(".burst-keep").click()
        self.wait(lambda: self.finds("dialog[open]"), message="asked first")
        self.find("dialog[open] button.primary, dialog[open] button.danger").click()
        self.wait(lambda: len(frames()) == 1, message="the other frames are in Recently Deleted")
        trashed = self.all_assets({"entity": "assets", "scope": {"type": "trash"}})
        self.assertEqual(len(trashed), 2)
        self.assertTrue(self.api("POST", "/api/changes", {"operations": [
            {"op": "recoverAssets", "assets": [a["localIdentifier"] for a in trashed]},
            {"op": "editAsset", "asset": picked[0]["localIdentifier"], "isBurstPick": False}]})["ok"])
        self.assertEqual(len(frames()), 3)
        self.assertFalse(any(a["burstSelectionTypes"] & 2 for a in frames()), "no picks left")
        if self.finds(".viewer"):
            self.find(".viewer").send_keys(Keys.ESCAPE)
        self.browser.execute_script("document.querySelector('.grid-scroller').scrollTop = 0")   # the viewer revealed the burst
        self.wait(lambda: self.loaded_cells() == self.expected_assets, message="the burst is one stack again")

    def test_09_video_seeks(self):
        if not self.has_video:
            self.skipTest("no video without ../shared/media")
        # The video's cell shows its poster frame (the first frame, made by the server), not a labelled tile.
        self.wait(lambda: self.browser.execute_script("""
            const badge = document.querySelector('.cell .badge.video');
            const img = badge && badge.closest('.cell').querySelector('img');
            return !!img && img.complete && img.naturalWidth > 0;"""), message="the video's cell shows its poster frame")
        self.open_asset(lambda a: a["mediaType"] == 2)
        seeked = self.browser.execute_async_script("""
            const done = arguments[0];
            const video = document.querySelector('.viewer video');
            const seek = () => { video.addEventListener('seeked', () => done({ time: video.currentTime, state: video.readyState }), { once: true }); video.currentTime = 3.0; };
            if (video.readyState >= 1) seek(); else video.addEventListener('loadedmetadata', seek, { once: true });
        """)
        self.assertAlmostEqual(seeked["time"], 3.0, delta=0.1)
        self.assertGreaterEqual(seeked["state"], 2, "frames at the seek position arrived (byte ranges)")
        self.shot("09-video-seeked")
        self.find(".viewer").send_keys(Keys.ESCAPE)

    def set_slider(self, name, value):
        self.browser.execute_script("""
            const input = document.querySelector(`.editor input[name="${arguments[0]}"]`);
            input.value = arguments[1]; input.dispatchEvent(new Event('input', { bubbles: true }));""", name, value)

    def test_10_edit_with_sliders_then_revert(self):
        asset = self.open_asset(lambda a: a["mediaType"] == 1 and a["uniformTypeIdentifier"] == "public.jpeg" and not a["mediaSubtypes"] & 8)
        self.find(".viewer").send_keys("e")
        self.wait(lambda: self.finds(".editor input[name=exposure]"), message="editor open")
        for value in ("0.3", "0.6", "0.9"):      # a slider moving: only the latest values are rendered
            self.set_slider("exposure", value)
        self.set_slider("saturation", "-0.5")
        self.wait(lambda: '"inputEV":0.9' in (self.find(".editor").get_attribute("data-previewed") or ""), message="latest preview shown")
        self.assertTrue(self.find(".editor-preview").get_attribute("src").startswith("blob:"))
        self.shot("10-editor")
        self.find('.editor [data-action="done"]').click()
        self.wait(lambda: not self.finds(".editor"), timeout=60, message="edit saved")
        edit = self.api("GET", f"/api/assets/{asset['id']}/edit")["answer"]
        self.assertTrue(edit["hasAdjustments"])
        self.assertEqual(edit["adjustment"]["formatIdentifier"], "org.photokit-linux.filter-chain")
        # The viewer shows the edited picture at once (its URL names the new version).
        self.wait(lambda: "&v=" in (self.find(".viewer-media img.screen").get_attribute("src") or ""), message="the edited picture shown")
        # Downloading an edited photo asks which version: as edited is the rendered JPEG, not the original's bytes.
        self.find('.viewer [data-action="download"]').click()
        self.wait(lambda: self.finds("dialog[open] button[value=current]"), message="asked which version")
        self.shot("10-download-which-version")
        before = set(os.listdir(self.downloads))
        self.find("dialog[open] button[value=current]").click()
        arrived = lambda: [n for n in set(os.listdir(self.downloads)) - before if not n.endswith(".crdownload")]
        self.wait(lambda: arrived() and os.path.getsize(os.path.join(self.downloads, arrived()[0])) > 0, timeout=30, message="the edited version downloaded")
        time.sleep(0.5)
        edited_bytes = Path(self.downloads, arrived()[0]).read_bytes()
        self.assertEqual(edited_bytes[:3], b"\xff\xd8\xff", "a JPEG")
        original_bytes = [p for p in self.files if p.name == asset["originalFilename"]]
        if original_bytes:
            self.assertNotEqual(hashlib.sha256(edited_bytes).digest(), hashlib.sha256(original_bytes[0].read_bytes()).digest())
        # Reopening restores the sliders from the stored chain.
        self.find(".viewer").send_keys("e")
        self.wait(lambda: self.finds(".editor input[name=exposure]"))
        self.assertAlmostEqual(float(self.find(".editor input[name=exposure]").get_attribute("value")), 0.9, places=2)
        self.find('.editor [data-action="revert"]').click()
        self.wait(lambda: not self.finds(".editor"))
        self.wait(lambda: not self.api("GET", f"/api/assets/{asset['id']}/edit")["answer"]["hasAdjustments"], message="reverted")
        self.find(".viewer").send_keys(Keys.ESCAPE)

    def test_10d_raw_development_sliders(self):
        # A RAW photo shows the RAW group: its sliders set the chain's first step, CIRAWFilter, which develops the RAW
        # (temperature starting at the as-shot white balance); the other sliders apply after it.
        dng = SHARED_MEDIA / "raw" / "synthetic_rggb_12bit.dng"
        if not dng.exists():
            self.skipTest("../shared/media is absent: no RAW file to develop")
        imported = subprocess.run([BINARY, "import", "--library", self.library, str(dng)], capture_output=True, text=True)
        self.assertEqual(imported.returncode, 0, imported.stderr)
        self.wait(lambda: self.loaded_cells() == self.expected_assets + 1, timeout=20, message="the DNG arrives")
        asset = self.open_asset(lambda a: a["uniformTypeIdentifier"] == "com.adobe.raw-image")
        self.find(".viewer").send_keys("e")
        self.wait(lambda: self.finds(".editor input[name=rawExposure]"), timeout=30, message="the RAW controls are shown")
        as_shot = float(self.find(".editor input[name=rawTemperature]").get_attribute("value"))
        self.assertTrue(2500 < as_shot < 12000, f"temperature starts at the as-shot white balance: {as_shot}")
        self.assertTrue(self.find(".editor input[name=rawRecovery]").is_selected(), "highlight recovery is on by default")
        for value in ("0.4", "0.8"):
            self.set_slider("rawExposure", value)
        self.set_slider("saturation", "0.3")
        previewed = lambda: self.find(".editor").get_attribute("data-previewed") or ""
        self.wait(lambda: '{"name":"CIRAWFilter","parameters":{"inputEV":0.8' in previewed() and "CIColorControls" in previewed(),
                  timeout=30, message="the development previewed with the latest value")
        self.assertTrue(self.find(".editor-preview").get_attribute("src").startswith("blob:"))
        self.find(".editor input[name=rawRecovery]").click()
        self.wait(lambda: '"inputEnableHighlightRecovery":0' in previewed(), timeout=30, message="recovery turned off in the preview")
        self.shot("10d-editor-raw")
        self.phone_shot("10d-editor-raw-phone")     # the RAW group at phone width (looked at, not asserted)
        self.find('.editor [data-action="done"]').click()
        self.wait(lambda: not self.finds(".editor"), timeout=60, message="the development saved")
        edit = self.api("GET", f"/api/assets/{asset['id']}/edit")["answer"]
        chain = json.loads(base64.b64decode(edit["adjustment"]["data"]))["filters"]
        self.assertEqual(chain[0]["name"], "CIRAWFilter")
        self.assertEqual(chain[0]["parameters"]["inputEV"], 0.8)
        self.assertEqual(chain[0]["parameters"]["inputEnableHighlightRecovery"], 0)
        self.assertEqual(chain[0]["parameters"]["inputDecoderVersion"], "PhotoKitLinux.2", "the edit names its pipeline")
        self.assertIn("CIColorControls", [f["name"] for f in chain])
        self.assertEqual((edit["raw"]["pixelWidth"], edit["raw"]["pixelHeight"]), (1536, 1022))
        # Reopened, the sliders read the stored development back.
        self.wait(lambda: "&v=" in (self.find(".viewer-media img.screen").get_attribute("src") or ""), message="the developed picture shown")
        self.find(".viewer").send_keys("e")
        self.wait(lambda: self.finds(".editor input[name=rawExposure]"), timeout=30)
        self.assertAlmostEqual(float(self.find(".editor input[name=rawExposure]").get_attribute("value")), 0.8, places=2)
        self.assertFalse(self.find(".editor input[name=rawRecovery]").is_selected())
        self.find('.editor [data-action="cancel"]').click()
        self.wait(lambda: not self.finds(".editor"))
        self.find(".viewer").send_keys(Keys.ESCAPE)
        self.wait(lambda: not self.finds(".viewer"))
        self.erase_for_good(asset, "the DNG")

    def phone_shot(self, name):
        """A screenshot of the page as it is, at phone width (looked at, not asserted); back to the desktop size."""
        self.browser.set_window_size(390, 844)
        time.sleep(0.5)
        self.shot(name)
        self.browser.set_window_size(1280, 860)
        time.sleep(0.3)

    def edit_state(self, asset):
        return self.api("GET", f"/api/assets/{asset['id']}/edit")["answer"]

    def asset_now(self, asset):
        return self.api("GET", f"/api/assets/{asset['id']}")["answer"]

    def test_10e_video_edit_every_frame(self):
        # A video opens in the same editor: the chain previews on its first frame and renders on every frame; no
        # geometry tools (a video keeps its size).
        if not self.has_video:
            self.skipTest("no video without ../shared/media")
        asset = self.open_asset(lambda a: a["mediaType"] == 2)
        self.find(".viewer").send_keys("e")
        self.wait(lambda: self.finds(".editor input[name=saturation]"), message="the editor opens on a video")
        self.assertFalse(self.finds(".editor [data-geometry]"), "no crop or turn for a video")
        self.assertFalse(self.finds(".editor input[name=straighten]"))
        self.set_slider("saturation", "-1")
        previewed = lambda: self.find(".editor").get_attribute("data-previewed") or ""
        self.wait(lambda: '"inputSaturation":0' in previewed(), timeout=30, message="the first frame previewed grey")
        self.assertTrue(self.find(".editor-preview").get_attribute("src").startswith("blob:"))
        self.shot("10e-editor-video")
        self.phone_shot("10e-editor-video-phone")
        self.find('.editor [data-action="done"]').click()
        self.wait(lambda: not self.finds(".editor"), timeout=240, message="every frame rendered and saved")
        edit = self.edit_state(asset)
        self.assertTrue(edit["hasAdjustments"])
        self.assertEqual(edit["adjustment"]["formatIdentifier"], "org.photokit-linux.filter-chain")
        self.wait(lambda: "&v=" in (self.find(".viewer video").get_attribute("poster") or ""), timeout=30, message="the edited video shown")
        self.shot("10e-video-edited")
        # Reopened, the slider reads the stored chain; Revert to Original restores the original movie.
        self.find(".viewer").send_keys("e")
        self.wait(lambda: self.finds(".editor input[name=saturation]"))
        self.assertAlmostEqual(float(self.find(".editor input[name=saturation]").get_attribute("value")), -1, places=2)
        self.find('.editor [data-action="revert"]').click()
        self.wait(lambda: not self.finds(".editor"))
        self.wait(lambda: not self.edit_state(asset)["hasAdjustments"], message="reverted")
        self.find(".viewer").send_keys(Keys.ESCAPE)
        self.browser.execute_script("document.querySelector('.grid-scroller').scrollTop = 0")   # the viewer revealed the video

    def test_10f_live_photo_effects_and_edit(self):
        # A Live Photo's editor offers the effects (applied at once) and a sound switch; its adjustments render on
        # the still and on every frame of the movie, so it stays a Live Photo.
        asset = self.open_asset(lambda a: a["mediaType"] == 1 and a["mediaSubtypes"] & 8)
        self.find(".viewer").send_keys("e")
        self.wait(lambda: self.finds('.editor [data-live-effect="bounce"]'), message="the Live Photo group")
        self.assertEqual(self.find('.editor [data-live-effect="live"]').get_attribute("aria-checked"), "true")
        self.shot("10f-editor-live")
        self.phone_shot("10f-editor-live-phone")
        self.find('.editor [data-live-effect="bounce"]').click()
        self.wait(lambda: not self.finds(".editor"), timeout=120, message="the Bounce made and saved")
        self.assertEqual(self.asset_now(asset)["playbackStyle"], 5, "a looping video (Bounce)")
        self.wait(lambda: self.browser.execute_script(
            "const v = document.querySelector('.live-video'); return !!v && !v.hidden && v.loop && v.currentTime > 0.2"), timeout=30, message="the Bounce plays by itself, looping")
        self.shot("10f-bounce-playing")
        self.phone_shot("10f-bounce-playing-phone")
        self.find(".viewer").send_keys("e")
        self.wait(lambda: self.finds('.editor [data-live-effect="bounce"]'))
        self.assertEqual(self.find('.editor [data-live-effect="bounce"]').get_attribute("aria-checked"), "true", "the effect shown as current")
        self.assertIsNone(self.find('.editor input[name=saturation]').get_attribute("disabled"), "adjustments stay available over an effect")
        self.find('.editor [data-live-effect="live"]').click()
        self.wait(lambda: not self.finds(".editor"), timeout=60, message="back to the Live Photo")
        self.assertEqual(self.asset_now(asset)["playbackStyle"], 3)
        # Noir without the sound, on the still and the movie.
        self.find(".viewer").send_keys("e")
        self.wait(lambda: self.finds('.editor [data-effect="CIPhotoEffectNoir"]'))
        self.find('.editor [data-effect="CIPhotoEffectNoir"]').click()
        self.find(".editor input[name=sound]").click()
        self.wait(lambda: "CIPhotoEffectNoir" in (self.find(".editor").get_attribute("data-previewed") or ""), timeout=30, message="previewed")
        self.find('.editor [data-action="done"]').click()
        self.wait(lambda: not self.finds(".editor"), timeout=240, message="the still and every frame rendered")
        edit = self.edit_state(asset)
        self.assertEqual(edit["adjustment"]["formatIdentifier"], "org.photokit-linux.live-photo-edit")
        stored = json.loads(base64.b64decode(edit["adjustment"]["data"]))
        self.assertEqual(([f["name"] for f in stored["filters"]], stored["audioVolume"]), (["CIPhotoEffectNoir"], 0))
        self.assertEqual(self.asset_now(asset)["playbackStyle"], 3, "still a Live Photo")
        self.wait(lambda: self.finds(".viewer .live-video"), message="the edited movie attached")
        ActionChains(self.browser).move_to_element(self.find(".viewer-title")).perform()   # off the LIVE badge: the still
        self.wait(lambda: self.browser.execute_script(
            "const i = document.querySelector('.viewer-media img.screen'); return !!i && i.src.includes('&v=') && i.complete && i.naturalWidth > 0"),
            timeout=30, message="the edited still shown")
        self.shot("10f-live-edited")
        self.find(".viewer").send_keys("e")
        self.wait(lambda: self.finds('.editor [data-effect="CIPhotoEffectNoir"]'))
        self.assertEqual(self.find('.editor [data-effect="CIPhotoEffectNoir"]').get_attribute("aria-checked"), "true")
        self.assertFalse(self.find(".editor input[name=sound]").is_selected(), "the sound switch reads the stored edit")
        self.find('.editor [data-action="revert"]').click()
        self.wait(lambda: not self.finds(".editor"))
        self.wait(lambda: not self.edit_state(asset)["hasAdjustments"], message="reverted")
        self.find(".viewer").send_keys(Keys.ESCAPE)
        self.browser.execute_script("document.querySelector('.grid-scroller').scrollTop = 0")   # the viewer revealed the Live Photo

    def image_size(self, url):
        """The natural size of the picture at `url`, loaded in the page."""
        return self.browser.execute_async_script("""
            const [url, done] = arguments;
            const image = new Image();
            image.onload = () => done([image.naturalWidth, image.naturalHeight]);
            image.onerror = () => done(null);
            image.src = url;""", url)

    def crop_readout(self):
        """The editor's crop size readout, as (width, height)."""
        numbers = re.findall(r"\d+", self.find(".editor .crop-size").text)
        return (int(numbers[0]), int(numbers[1])) if len(numbers) == 2 else None

    def test_10c_edit_rotate_and_crop(self):
        asset = self.open_asset(lambda a: a["mediaType"] == 1 and a["uniformTypeIdentifier"] == "public.jpeg"
                                and not a["mediaSubtypes"] & 8 and a["pixelWidth"] > a["pixelHeight"])
        width, height = asset["pixelWidth"], asset["pixelHeight"]
        thumbnail = self.image_size(asset["thumbnailURL"])
        self.assertGreater(thumbnail[0], thumbnail[1], "a landscape thumbnail to begin with")
        self.find(".viewer").send_keys("e")
        self.wait(lambda: self.finds('.editor [data-geometry="right"]'), message="editor open")
        self.find('.editor [data-geometry="right"]').click()
        # Cropping shows the whole turned photo (now portrait) with the crop frame over it.
        self.wait(lambda: "CIPerspectiveTransform" in (self.find(".editor").get_attribute("data-previewed") or "")
                  and self.find(".crop-layer").is_displayed(), message="turned preview under the crop frame")
        self.assertEqual(self.find('.editor [data-geometry="crop"]').get_attribute("aria-pressed"), "true")
        layer = self.find(".crop-layer").rect
        self.assertGreater(layer["height"], layer["width"], "the preview is portrait after turning right")
        self.assertEqual(self.crop_readout(), (height, width))
        self.shot("10c-turned")
        # Drag the bottom edge up by 30% of the picture: the frame keeps the width and loses 30% of the height.
        handle = self.find('.crop-handle[data-handle="s"]')
        ActionChains(self.browser).click_and_hold(handle).move_by_offset(0, -round(layer["height"] * 0.3)).release().perform()
        self.wait(lambda: self.crop_readout()[1] < width, message="the frame was resized by dragging")
        dragged = self.crop_readout()
        self.assertEqual(dragged[0], height)
        self.assertAlmostEqual(dragged[1] / width, 0.7, delta=0.03)
        # With the frame focused, Shift+← narrows it by 1% of the longer side.
        ActionChains(self.browser).key_down(Keys.SHIFT).send_keys(Keys.ARROW_LEFT).key_up(Keys.SHIFT).perform()
        self.wait(lambda: self.crop_readout()[0] < height, message="the frame was resized by the keyboard")
        cropped = self.crop_readout()
        self.assertEqual(cropped, (height - round(width / 100), dragged[1]))
        self.shot("10c-cropping")
        self.find('.editor [data-action="done"]').click()
        self.wait(lambda: not self.finds(".editor"), timeout=60, message="edit saved")
        saved = self.api("GET", f"/api/assets/{asset['id']}")["answer"]
        self.assertEqual((saved["pixelWidth"], saved["pixelHeight"]), cropped, "saved at the turned, cropped size")
        self.assertGreater(saved["pixelHeight"], saved["pixelWidth"], "the landscape photo is now portrait")
        new_thumbnail = self.image_size(saved["thumbnailURL"])
        self.assertNotEqual(saved["thumbnailURL"], asset["thumbnailURL"])
        self.assertGreater(new_thumbnail[1], new_thumbnail[0], "the thumbnail was made again from the edit")
        self.assertAlmostEqual(new_thumbnail[0] / new_thumbnail[1], cropped[0] / cropped[1], delta=0.02)
        edit = self.api("GET", f"/api/assets/{asset['id']}/edit")["answer"]
        self.assertEqual(edit["adjustment"]["formatIdentifier"], "org.photokit-linux.filter-chain")
        self.shot("10c-saved")
        # Reopening restores the turn and the crop: the readout and, while cropping, the portrait frame.
        self.find(".viewer").send_keys("e")
        self.wait(lambda: self.finds(".editor .crop-size") and self.crop_readout() == cropped, message="crop restored")
        self.find('.editor [data-geometry="crop"]').click()
        self.wait(lambda: self.find(".crop-layer").is_displayed(), message="the whole photo under the restored frame")
        layer, frame = self.find(".crop-layer").rect, self.find(".crop-frame").rect
        self.assertGreater(layer["height"], layer["width"], "the turn was restored")
        self.assertAlmostEqual(frame["height"] / layer["height"], cropped[1] / width, delta=0.02)
        self.assertAlmostEqual(frame["width"] / layer["width"], cropped[0] / height, delta=0.02)
        self.shot("10c-reopened")
        self.find('.editor [data-action="revert"]').click()
        self.wait(lambda: not self.finds(".editor"))
        self.wait(lambda: not self.api("GET", f"/api/assets/{asset['id']}/edit")["answer"]["hasAdjustments"], message="reverted")
        reverted = self.api("GET", f"/api/assets/{asset['id']}")["answer"]
        self.assertEqual((reverted["pixelWidth"], reverted["pixelHeight"]), (width, height))
        self.find(".viewer").send_keys(Keys.ESCAPE)

    def test_10b_editing_extension_from_its_manifest(self):
        if not os.path.exists(self.filtster):
            self.skipTest("the example extension (filtster) is not built next to photos")
        asset = self.open_asset(lambda a: a["mediaType"] == 1 and a["uniformTypeIdentifier"] == "public.jpeg" and not a["mediaSubtypes"] & 8)
        self.find(".viewer").send_keys("e")
        self.wait(lambda: self.finds('.editor details[data-extension="org.photokit-linux.filtster"]'), message="Filtster listed in the editor")
        self.find('.editor details[data-extension="org.photokit-linux.filtster"] summary').click()
        self.browser.execute_script("""
            const select = document.querySelector('.editor [data-parameter="filter"]');
            select.value = 'noir'; select.dispatchEvent(new Event('input', { bubbles: true }));""")
        self.shot("10b-extension-controls")
        self.find('.editor [data-run-extension="org.photokit-linux.filtster"]').click()
        self.wait(lambda: not self.finds(".editor") or "Landlock" in self.find(".editor-status").text
                  or "sandbox" in self.find(".editor-status").text.lower(), timeout=120, message="the extension ran")
        if self.finds(".editor"):
            message = self.find(".editor-status").text
            self.find('.editor [data-action="cancel"]').click()
            self.find(".viewer").send_keys(Keys.ESCAPE)
            self.skipTest(f"extensions cannot be sandboxed on this machine: {message}")
        edit = self.api("GET", f"/api/assets/{asset['id']}/edit")["answer"]
        self.assertEqual(edit["adjustment"]["formatIdentifier"], "org.photokit-linux.filtster")
        self.api("POST", "/api/changes", {"operations": [{"op": "revertContent", "asset": asset["localIdentifier"]}]})
        self.find(".viewer").send_keys(Keys.ESCAPE)

    def test_11_delete_and_recover(self):
        self.wait(lambda: self.loaded_cells() == self.expected_assets)
        self.select_cells(1)
        self.click_action("trash")
        self.wait(lambda: self.loaded_cells() == self.expected_assets - 1, message="removed from the timeline in place")
        self.find('.toolbar [data-action="select"]').click()
        self.sidebar("Recently Deleted", click=True)
        self.wait(lambda: self.loaded_cells() == 1, message="in Recently Deleted")
        # (read in a wait: the cell may be rebuilt meanwhile, when the change stream re-registers the new fetch)
        self.wait(lambda: self.find(".badge.days-left").text == "30 days", message="30 days left")
        self.shot("11-recently-deleted")
        self.select_cells(1)
        self.click_action("recover")
        self.wait(lambda: self.loaded_cells() == 0, message="recovered")
        self.go("/")
        self.wait(lambda: self.loaded_cells() == self.expected_assets, message="back in the library")

    def test_12_cli_change_appears_live(self):
        self.wait(lambda: self.loaded_cells() == self.expected_assets)
        self.browser.execute_script("window.__noReload = true")
        # A photo the library does not have yet: the demo's dragonfly with bytes after its end-of-image marker.
        extra = Path(self.directory) / "new-from-cli.jpg"
        extra.write_bytes((ROOT / "Demo" / "media" / "dragonfly.jpg").read_bytes() + b"\x00cli")
        imported = subprocess.run([BINARY, "import", "--library", self.library, str(extra)], capture_output=True, text=True)
        self.assertEqual(imported.returncode, 0, imported.stderr)
        print(imported.stdout, file=sys.stderr)
        self.wait(lambda: len(self.finds(".cell")) > self.expected_assets, timeout=10, message="the CLI's import appears")
        self.assertTrue(self.browser.execute_script("return window.__noReload === true"), "the page was not reloaded")
        self.wait(lambda: self.loaded_cells() > self.expected_assets)
        self.shot("12-cli-import-arrived")

    def as_application(self, token, method, path, body=None):
        """A request as an application: its token and nothing else (no session cookie), from outside the page."""
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(self.server.url.rstrip("/") + path, data=data, method=method,
                                         headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=10) as answer:
                return answer.status, json.loads(answer.read() or b"null")
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read() or b"null")

    def application_token(self, identifier):
        """Records `identifier` as an application (undecided) from the CLI, as the server runs; answers its token."""
        made = subprocess.run([BINARY, "access", "token", identifier, "--library", self.library], capture_output=True, text=True)
        self.assertEqual(made.returncode, 0, made.stderr)
        return made.stdout.strip()

    def program_asks(self):
        """A real program asks on a Unix socket: a copy of curl named by a manifest (org.example.Sorter), through a
        second `photos serve` of the same library, which stops afterwards (the question stays in the library)."""
        folder = Path(self.directory) / "bin"
        folder.mkdir(exist_ok=True)
        sorter = folder / "sorter"
        shutil.copy2("/usr/bin/curl", sorter)
        (folder / "sorter.photos-app.json").write_text('{"identifier": "org.example.Sorter", "name": "Sorter"}')
        socket = Path(self.directory) / "serve.sock"
        server = subprocess.Popen([BINARY, "serve", "--exit-with-parent", "--no-analysis", "--library", self.library, "--no-tcp", "--socket", str(socket)],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            deadline = time.time() + 30
            while not socket.exists() and time.time() < deadline:
                time.sleep(0.1)
            asked = subprocess.run([str(sorter), "-s", "--unix-socket", str(socket), "-X", "POST", "-H", "Content-Type: application/json",
                                    "--data-binary", '{"level": "readWrite"}', "http://localhost/api/access/requests"],
                                   capture_output=True, text=True, timeout=30)
            self.assertEqual(json.loads(asked.stdout)["status"], "notDetermined", asked.stdout)
        finally:
            server.terminate()
            server.wait(15)
        return sorter

    def click_now(self, selector):
        """Finds and clicks at once, from the page (lists that are read again may redraw between two WebDriver calls)."""
        self.wait(lambda: self.browser.execute_script(
            "const e = document.querySelector(arguments[0]); if (e) e.click(); return !!e;", selector), message=f"{selector} clicked")

    def application_item(self, identifier):
        return self.browser.execute_script("""
            const item = [...document.querySelectorAll('.application')].find((li) => li.querySelector('code')?.textContent === arguments[0]);
            return item ? { status: item.dataset.status, text: item.innerText, waiting: item.classList.contains('waiting') } : null;""", identifier)

    def test_12b_application_asks_and_is_answered(self):
        # An application recorded by the CLI while the page is open: it reaches nothing until the owner answers.
        self.go("/")
        self.wait(lambda: self.loaded_cells() >= self.expected_assets)
        token = self.application_token("org.example.TestApp")
        status, answer = self.as_application(token, "GET", "/api/access")
        self.assertEqual((status, answer["status"]), (200, "notDetermined"))
        status, answer = self.as_application(token, "POST", "/api/fetches", {"entity": "assets"})
        self.assertEqual((status, answer["type"]), (403, "/problems/access-not-determined"))
        # The prompt appears by itself (the page looks every 10 s), with a count on Settings.
        self.wait(lambda: self.finds(".app-prompt"), timeout=15, message="the prompt for the waiting application")
        self.assertIn("org.example.TestApp", self.find(".app-prompt").text)
        self.assertEqual(self.find('.topbar a[href="/settings"] .waiting-count').text, "1")
        self.assertIn("1 application waiting", self.find('.topbar a[href="/settings"]').get_attribute("aria-label"))
        self.assertEqual(self.find(".app-prompt-host").get_attribute("aria-live"), "polite")
        self.shot("12b-application-prompt")
        # The owner gives it two photos from the grid: it becomes limited to them.
        self.select_cells(2)
        chosen = self.browser.execute_script("return [...document.querySelectorAll('.cell.selected')].map((c) => c.dataset.id)")
        self.click_action("give-to-app")
        self.wait(lambda: self.finds("dialog[open] button[data-application]"), message="the applications to give to")
        self.shot("12b-give-to-application")
        self.find("dialog[open] button[data-application]").click()
        self.wait(lambda: "Gave 2 new photos" in self.find(".toasts").text, message="how many were given")
        self.wait(lambda: not self.finds(".app-prompt"), message="the prompt goes once answered")
        self.assertFalse(self.finds('.topbar a[href="/settings"] .waiting-count'))
        self.find('.toolbar [data-action="select"]').click()   # leave selection mode
        self.go("/settings")
        self.wait(lambda: (self.application_item("org.example.TestApp") or {}).get("status") == "limited", message="limited in Settings")
        self.assertIn("limited, 2 photos", self.application_item("org.example.TestApp")["text"].lower())
        # The application sees exactly those two, and says limited.
        status, fetch = self.as_application(token, "POST", "/api/fetches", {"entity": "assets"})
        self.assertEqual((status, fetch["count"]), (201, 2))
        status, page = self.as_application(token, "GET", f"/api/fetches/{fetch['id']}?offset=0&limit=10")
        self.assertEqual(sorted(a["id"] for a in page["assets"]), sorted(chosen))
        self.assertEqual(self.as_application(token, "GET", "/api/access")[1]["status"], "limited")
        # Giving one of them again and a third adds one.
        self.go("/")
        self.wait(lambda: self.loaded_cells() >= self.expected_assets)
        self.select_cells(3)
        self.click_action("give-to-app")
        self.wait(lambda: self.finds("dialog[open] button[data-application]"))
        self.assertIn("Limited, 2 photos", self.find("dialog[open] button[data-application]").text)
        self.find("dialog[open] button[data-application]").click()
        self.wait(lambda: "Gave 1 new photo to" in self.find(".toasts").text and "2 it already had" in self.find(".toasts").text,
                  message="one newly given")
        self.find('.toolbar [data-action="select"]').click()
        self.assertEqual(self.as_application(token, "POST", "/api/fetches", {"entity": "assets"})[1]["count"], 3)
        # From Settings: Give More Photos… opens the library selecting for that application, no question asked.
        self.go("/settings")
        self.wait(lambda: (self.application_item("org.example.TestApp") or {}).get("status") == "limited")
        self.wait(lambda: not self.finds(".toast"))
        self.click_now('.application[data-status="limited"] button[data-limit]')
        self.wait(lambda: self.browser.execute_script("return location.pathname + location.search").startswith("/?give="))
        self.wait(lambda: self.find('.toolbar [data-action="select"]').get_attribute("aria-pressed") == "true", message="selecting at once")
        self.assertIn("Select photos for “org.example.TestApp”", self.find(".toolbar").text)
        self.wait(lambda: self.loaded_cells() >= self.expected_assets)
        self.click_cell(3)
        self.click_action("give-to-app")
        self.wait(lambda: "Gave 1 new photo to “org.example.TestApp”" in self.find(".toasts").text, message="given without a question")
        self.assertFalse(self.finds("dialog[open]"))
        self.find('.toolbar [data-action="select"]').click()
        self.assertEqual(self.as_application(token, "POST", "/api/fetches", {"entity": "assets"})[1]["count"], 4)
        # A program on the socket asks too: Settings lists it first, highlighted, with its executable and its digest.
        sorter = self.program_asks()
        self.go("/settings")
        self.wait(lambda: "limited, 4 photos" in ((self.application_item("org.example.TestApp") or {}).get("text") or "").lower())
        self.wait(lambda: self.application_item("org.example.Sorter"), timeout=15, message="the program's question in Settings")
        # The count on Settings follows the list Settings read (without waiting for the next check).
        self.wait(lambda: self.finds('.topbar a[href="/settings"] .waiting-count'), timeout=2, message="the count follows Settings")
        asking = self.application_item("org.example.Sorter")
        self.assertTrue(asking["waiting"])
        self.assertIn("Asks for read-write access", asking["text"])
        self.assertIn(str(sorter), asking["text"])
        self.assertIn(hashlib.sha256(sorter.read_bytes()).hexdigest()[:12], asking["text"])
        self.assertEqual(self.browser.execute_script("return document.querySelector('.application code').textContent"), "org.example.Sorter",
                         "the waiting application comes first")
        self.wait(lambda: not self.finds(".toast"), message="the toasts gone (they cover the buttons under them)")
        self.browser.execute_script("document.querySelector('#applications').scrollIntoView()")
        self.shot("12b-settings-applications")
        # Deny, from Settings: the token's requests are refused within a second.
        self.click_now('.application[data-status="limited"] button[data-decide="denied"]')
        self.wait(lambda: (self.application_item("org.example.TestApp") or {}).get("status") == "denied", message="denied in Settings")
        deadline = time.time() + 3
        while True:
            status, answer = self.as_application(token, "POST", "/api/fetches", {"entity": "assets"})
            if status == 403 or time.time() > deadline:
                break
            time.sleep(0.2)
        self.assertEqual((status, answer["type"]), (403, "/problems/access-denied"))
        self.assertEqual(self.as_application(token, "GET", "/api/access")[1]["status"], "denied")
        # Waiting, as the service says (`waiting`: the rule of `photos access pending`): undecided, or add-only and
        # asking for read-write since the decision.
        waiting = self.browser.execute_async_script("""
            import('/app/apps.js').then(({ isWaiting, statusText }) => arguments[0]([
              { status: 'pending', requestedLevel: 'add-only', waiting: true },
              { status: 'add-only', requestedLevel: 'read-write', waiting: true },
              { status: 'add-only', requestedLevel: 'read-write', waiting: false },
              { status: 'limited', selectionCount: 1, waiting: false }].map((app) => [isWaiting(app), statusText(app)])));""")
        self.assertEqual(waiting, [[True, "Asks for add-only access"], [True, "Add-only, asks for read-write access"],
                                   [False, "Add-only"], [False, "Limited, 1 photo"]])
        # At a phone's size: the page shows the waiting program on load; Review… focuses it in Settings.
        self.browser.set_window_size(390, 844)
        try:
            self.browser.get(self.server.url)
            self.wait(lambda: self.finds(".app-prompt") and self.loaded_cells() >= self.expected_assets, message="the prompt on load")
            overflow = "return document.documentElement.scrollWidth - document.documentElement.clientWidth"
            self.assertLessEqual(self.browser.execute_script(overflow), 0)
            self.shot("12b-phone-application-prompt")
            # Later hides it (the count on Settings stays) until another question; a new tab of the session shows it again.
            self.click_now(".app-prompt [data-prompt=later]")
            self.wait(lambda: not self.finds(".app-prompt"), message="Later hides the prompt")
            self.assertEqual(self.find('.topbar a[href="/settings"] .waiting-count').text, "1")
            self.browser.execute_script("sessionStorage.clear()")
            self.browser.get(self.server.url)
            self.wait(lambda: self.finds(".app-prompt"), message="the prompt again")
            self.click_now(".app-prompt [data-prompt=review]")
            self.wait(lambda: self.browser.execute_script("return location.pathname") == "/settings" and self.application_item("org.example.Sorter"))
            self.wait(lambda: self.browser.execute_script("return document.activeElement?.classList.contains('waiting')"),
                      message="the waiting application has the focus")
            self.assertIn("Sorter", self.browser.execute_script("return document.activeElement.innerText"))
            first = self.browser.execute_script("return document.querySelector('.application').dataset.status")
            self.assertEqual(first, "pending", "the waiting application comes first")
            self.assertFalse(self.finds(".app-prompt"), "no prompt over Settings itself")
            self.assertLessEqual(self.browser.execute_script(overflow), 0)
            self.shot("12b-phone-settings-applications")
            # Forget asks first; then it is gone.
            self.click_now('.application[data-status="pending"] button[data-forget]')
            self.wait(lambda: self.finds("dialog[open] button[value=ok]"))
            self.find("dialog[open] button[value=ok]").click()
            self.wait(lambda: self.application_item("org.example.Sorter") is None, message="forgotten")
            self.assertIsNotNone(self.application_item("org.example.TestApp"))
        finally:
            self.browser.set_window_size(1280, 860)
        self.go("/")

    def test_13_shared_link_shows_only_its_album(self):
        self.go(self.album_path)
        self.wait(lambda: self.loaded_cells() == 2)
        self.click_action("share")
        self.wait(lambda: self.finds("dialog[open] [data-create]"))
        self.find("dialog[open] [data-create]").click()
        link_url = "return document.querySelector('dialog[open] .link-url')?.value || ''"
        self.wait(lambda: self.browser.execute_script(link_url), message="link made")
        url = self.browser.execute_script(link_url)
        self.shot("13-share-dialog")
        album_ids = {a["id"] for a in self.all_assets({"entity": "assets", "scope": {"type": "collection",
                     "collection": self.album_path.split("/")[-1] + "/L0/040"}})}
        outside = next(a["id"] for a in self.all_assets() if a["id"] not in album_ids)
        self.browser.delete_all_cookies()
        self.browser.get(url)
        self.wait(lambda: self.loaded_cells() == 2, message="the shared album's two photos")
        self.assertIn("Holiday", self.find(".view-title").text)
        self.assertFalse(self.finds(".sidebar"), "no library navigation on a shared page")
        secret = url.rsplit("/", 1)[-1]
        status = self.browser.execute_async_script(
            "fetch(arguments[0]).then((r) => arguments[1](r.status))", f"/api/shared/{secret}/assets/{outside}")
        self.assertEqual(status, 404, "an asset outside the album does not exist for the link")
        self.assertEqual(self.browser.execute_async_script("fetch('/api/session').then((r) => arguments[0](r.status))"), 401)
        self.shot("13-shared-page")
        # The link's viewer zooms too (the link's own picture and file URLs).
        photo = self.browser.execute_script("return [...document.querySelectorAll('.cell')].find((c) => c.querySelector('img') && !c.querySelector('.badge.video'))?.dataset.index")
        self.click_cell(int(photo))
        self.wait(lambda: self.browser.execute_script("const i = document.querySelector('.viewer-media img.screen'); return !!i && i.complete && i.naturalWidth > 0"))
        self.find(".viewer").send_keys("z")
        self.wait(lambda: self.zoomed_picture()["full"] in ("original", "sized"), timeout=30, message="zoomed on the shared page")
        self.assertIn(f"/api/shared/{secret}/assets/", self.zoomed_picture()["src"], "the link's own URL")
        self.find(".viewer").send_keys(Keys.ESCAPE)

    def test_14_phone_sized_viewport(self):
        # Sign in again (the shared-link step dropped the cookies), at a phone's size.
        self.browser.set_window_size(390, 844)
        self.browser.get(self.server.url)
        self.wait(lambda: self.finds("input[name=password]"))
        self.find("input[name=username]").send_keys("owner")
        self.find("input[name=password]").send_keys(PASSWORD + Keys.ENTER)
        self.wait(lambda: self.loaded_cells() >= self.expected_assets, message="timeline at phone size")
        overflow = "return document.documentElement.scrollWidth - document.documentElement.clientWidth"
        self.assertLessEqual(self.browser.execute_script(overflow), 0, "nothing wider than the screen")
        self.assertFalse(self.find(".sidebar").is_displayed() and self.find(".sidebar").rect["x"] >= 0, "the sidebar waits behind the menu")
        self.shot("14-phone-timeline")
        # Two fingers spreading: fewer, larger columns.
        columns = "return Number(document.querySelector('.grid-scroller').getAttribute('aria-colcount'))"
        before = self.browser.execute_script(columns)
        self.browser.execute_script("""
            const s = document.querySelector('.grid-scroller');
            const touch = (type, id, x, y) => s.dispatchEvent(new PointerEvent(type, { pointerId: id, pointerType: 'touch', clientX: x, clientY: y, bubbles: true }));
            touch('pointerdown', 11, 150, 300); touch('pointerdown', 12, 200, 300);
            touch('pointermove', 11, 100, 300); touch('pointermove', 12, 260, 300);
            touch('pointerup', 11, 100, 300); touch('pointerup', 12, 260, 300);""")
        self.wait(lambda: self.browser.execute_script(columns) < before, message="pinch zoomed in")
        self.find(".menu").click()
        self.wait(lambda: self.find(".sidebar").rect["x"] >= 0, message="sidebar slides in")
        self.assertEqual(self.find(".menu").get_attribute("aria-expanded"), "true")
        self.shot("14-phone-sidebar")
        self.sidebar("Library", click=True)
        self.wait(lambda: self.find(".sidebar").rect["x"] < 0, message="sidebar closes after navigating")
        self.click_cell(0)
        self.wait(lambda: self.finds(".viewer .viewer-media img, .viewer .viewer-media video"))
        self.assertLessEqual(self.browser.execute_script(overflow), 0)
        # The viewer is fixed, so a bar wider than the screen would not show in the page's width: its buttons must.
        fits = "return [...document.querySelectorAll('.viewer-bar button')].every((b) => b.getBoundingClientRect().right <= innerWidth + 1)"
        self.assertTrue(self.browser.execute_script(fits), "the viewer's buttons are on screen, its long title shortened")
        self.shot("14-phone-viewer")
        self.find(".viewer").send_keys("e")
        self.wait(lambda: self.finds(".editor input[name=exposure]"))
        self.assertLessEqual(self.browser.execute_script(overflow), 0)
        self.shot("14-phone-editor")
        self.find('.editor [data-action="cancel"]').click()
        self.find(".viewer").send_keys(Keys.ESCAPE)
        self.browser.set_window_size(1280, 860)
        self.browser.execute_script("localStorage.removeItem('photos.columns')")   # the pinch's zoom level is remembered

    def test_15_drag_onto_an_album(self):
        self.go("/")
        self.wait(lambda: self.loaded_cells() >= self.expected_assets)
        album = self.album_path.split("/")[-1] + "/L0/040"
        before = len(self.all_assets({"entity": "assets", "scope": {"type": "collection", "collection": album}}))
        # The cell and the sidebar's album link are drawn asynchronously: wait for both before dragging.
        self.wait(lambda: self.browser.execute_script("""
            return !![...document.querySelectorAll('.cell')].find((c) => c.dataset.index === '3' && c.dataset.id)
              && !![...document.querySelectorAll('.sidebar a')].find((a) => a.textContent === 'Holiday');"""),
                  message="the cell to drag and the album link are on the page")
        # HTML drag and drop, as the browser fires it (WebDriver's actions do not drive HTML5 drags).
        self.browser.execute_script("""
            const cell = [...document.querySelectorAll('.cell')].find((c) => c.dataset.index === '3' && c.dataset.id);
            const link = [...document.querySelectorAll('.sidebar a')].find((a) => a.textContent === 'Holiday');
            const data = new DataTransfer();
            cell.dispatchEvent(new DragEvent('dragstart', { bubbles: true, dataTransfer: data }));
            link.dispatchEvent(new DragEvent('dragover', { bubbles: true, cancelable: true, dataTransfer: data }));
            link.dispatchEvent(new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: data }));""")
        self.wait(lambda: len(self.all_assets({"entity": "assets", "scope": {"type": "collection", "collection": album}})) == before + 1,
                  message="the dragged photo joined the album")

    def test_16_justified_rows_stay_virtualised(self):
        # A filled library of 20,000 assets on a second server: justified rows keep only the rows near the
        # viewport in the page, the scrubber jumps, and the asset at the top stays put while blocks are packed.
        library = os.path.join(self.directory, "Large.photoslibrary")
        subprocess.run([BINARY, "init", "--library", library], check=True, capture_output=True)
        subprocess.run([BINARY, "fill", "--library", library, "--count", "20000", "--seed", "2"], check=True, capture_output=True)
        subprocess.run([BINARY, "user", "add", "--library", library, "large", "--role", "admin", "--password-stdin"],
                       input=PASSWORD + "\n", text=True, check=True, capture_output=True)
        server = Server(library, setup=False)
        try:
            self.browser.get(server.url)
            self.wait(lambda: self.finds("input[name=password]"))
            self.find("input[name=username]").send_keys("large")
            self.find("input[name=password]").send_keys(PASSWORD + Keys.ENTER)
            self.wait(lambda: self.finds('.toolbar [data-action="layout"]') and self.loaded_cells() > 10, message="the large timeline")
            self.find('.toolbar [data-action="layout"]').click()
            self.wait(lambda: self.find(".grid-scroller").get_attribute("data-layout") == "justified")
            state = """const s = document.querySelector('.grid-scroller'), top = s.getBoundingClientRect().top;
                const shown = [...document.querySelectorAll('.cell[data-id]:not([data-id=""])')].map((c) => [c.getBoundingClientRect().top, Number(c.dataset.index)])
                  .filter(([y]) => y >= top - 1).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
                return { cells: document.querySelectorAll('.cell').length, placeholders: document.querySelectorAll('.cell.placeholder').length,
                         top: shown[0]?.[1] ?? -1, date: document.querySelector('.grid-date').textContent };"""
            start = self.browser.execute_script(state)
            self.assertLess(start["cells"], 150, "only the rows near the viewport exist")
            self.browser.execute_script("""const sc = document.querySelector('.grid-scrubber'), r = sc.getBoundingClientRect();
                for (const type of ['pointerdown', 'pointerup'])
                  sc.dispatchEvent(new PointerEvent(type, { pointerId: 1, clientX: r.left + 5, clientY: r.top + r.height / 2, bubbles: true }));""")
            self.wait(lambda: self.browser.execute_script(state)["placeholders"] == 0 and self.browser.execute_script(state)["top"] > 0, message="the middle arrived")
            middle = self.browser.execute_script(state)
            self.assertGreater(middle["top"], 5000, "the scrubber jumped to the middle")
            self.assertNotEqual(middle["date"], start["date"])
            self.assertLess(middle["cells"], 150)
            time.sleep(1)   # pages around it arrive and their blocks are packed: the top asset stays
            self.assertLessEqual(abs(self.browser.execute_script(state)["top"] - middle["top"]), 12)
            self.shot("16-justified-large-library")
            self.browser.execute_script("document.querySelector('.grid-scroller').scrollTop += 2000")
            self.wait(lambda: self.browser.execute_script(state)["top"] > middle["top"], message="scrolled on")
            self.assertLess(self.browser.execute_script(state)["cells"], 150)
        finally:
            server.stop()

    # The picker over the service (self-contained: its own token, session and sign-in) -----------------------

    def app_request(self, token, method, path, body=None):
        """A request as an application (its API token over TCP); answers (status, bytes)."""
        import urllib.request, urllib.error
        request = urllib.request.Request(self.server.url + path, method=method, headers={"Authorization": f"Bearer {token}"},
                                         data=None if body is None else json.dumps(body).encode())
        if body is not None:
            request.add_header("Content-Type", "application/json")
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                return response.status, response.read()
        except urllib.error.HTTPError as error:
            return error.code, error.read()

    def open_signed_in(self, path, ready):
        """Opens `path` on the main server, signing in as the owner when the page asks; waits for `ready`."""
        self.browser.get(f"{self.server.url}{path}")
        self.wait(lambda: self.finds("input[name=password]") or self.finds(ready), message=f"{ready} or sign-in")
        if self.finds("input[name=password]"):
            self.find("input[name=username]").send_keys("owner")
            self.find("input[name=password]").send_keys(PASSWORD + Keys.ENTER)

    def open_picker_page(self, session_id):
        self.open_signed_in(f"/pick/{session_id}", ".pick")
        self.wait(lambda: self.finds(".pick-done") or self.browser.execute_script(
            "const c = [...document.querySelectorAll('.pick-cell img')]; return c.length > 0 && c.every((i) => i.complete && i.naturalWidth > 0)"),
            message="the picker's candidates")

    def test_17_picker_for_an_application(self):
        made = subprocess.run([BINARY, "access", "token", "org.example.Picker", "--library", self.library], capture_output=True, text=True)
        self.assertEqual(made.returncode, 0, made.stderr)
        token = made.stdout.strip()
        status, answer = self.app_request(token, "POST", "/api/picker/sessions", {"selectionLimit": 2, "filter": "images"})
        self.assertEqual(status, 201, answer)
        session = json.loads(answer)
        # The owner learns of it in the web app: the prompt offers the picker, and Pick… opens its page.
        self.open_signed_in("/", ".topbar")
        self.wait(lambda: self.finds(".app-prompt [data-prompt=pick]"), timeout=15, message="the prompt offers the picker")
        self.assertIn("asks you to pick up to 2 photos", self.find(".app-prompt").text)
        self.shot("17-picker-prompt")
        self.find(".app-prompt [data-prompt=pick]").click()
        self.wait(lambda: self.browser.current_url.endswith(f"/pick/{session['id']}"), message="the picker page")
        self.open_picker_page(session["id"])
        self.assertIn("wants up to 2 photos", self.find(".pick-head h2").text)
        cells = self.finds(".pick-cell")
        self.assertGreaterEqual(len(cells), 3)
        picked = [cells[0].get_attribute("data-id"), cells[1].get_attribute("data-id")]
        cells[0].click()
        cells[1].click()
        cells[2].click()   # over the limit: refused in the page
        self.wait(lambda: "at most 2" in self.find(".pick-error").text, message="the limit is explained")
        self.assertEqual(len(self.finds('.pick-cell[aria-selected="true"]')), 2)
        self.assertEqual(self.find(".pick-count").text, "2 of 2 selected")
        self.shot("17-picker")
        self.find(".pick [data-add]").click()
        self.wait(lambda: self.finds(".pick-done"), message="done")
        self.assertIn("received 2 items", self.find(".pick-done").text)
        self.shot("17-picker-done")

        # The application gets the two items' bytes, not their identifiers, and still nothing else.
        status, answer = self.app_request(token, "GET", f"/api/picker/sessions/{session['id']}/results?wait=10")
        self.assertEqual(status, 200)
        results = json.loads(answer)
        self.assertEqual(results["state"], "picked")
        self.assertEqual(len(results["results"]), 2)
        stored = set()
        for identifier in picked:
            for resource in self.api("GET", f"/api/assets/{identifier.split('/')[0]}/resources")["answer"]["resources"]:
                stored.add(resource["sha256"])
        for result in results["results"]:
            self.assertNotIn("assetIdentifier", result)
            status, data = self.app_request(token, "GET", result["items"][0]["url"])
            self.assertEqual(status, 200)
            self.assertIn(hashlib.sha256(data).hexdigest(), stored, "the item is a picked asset's stored file")
        self.assertEqual(self.app_request(token, "POST", "/api/fetches", {"entity": "assets"})[0], 403)

        # At a phone's size; then cancelled: the application receives nothing.
        status, answer = self.app_request(token, "POST", "/api/picker/sessions", {"selectionLimit": 0})
        second = json.loads(answer)["id"]
        self.browser.set_window_size(390, 844)
        try:
            self.open_picker_page(second)
            self.assertIn("any number of photos", self.find(".pick-head h2").text)
            self.finds(".pick-cell")[0].click()
            self.assertLessEqual(self.browser.execute_script("return document.documentElement.scrollWidth - document.documentElement.clientWidth"), 0)
            self.shot("17-picker-phone")
            self.find(".pick [data-cancel]").click()
            self.wait(lambda: self.finds(".pick-done"), message="cancelled")
        finally:
            self.browser.set_window_size(1280, 860)
        status, answer = self.app_request(token, "GET", f"/api/picker/sessions/{second}/results")
        self.assertEqual(json.loads(answer), {"state": "cancelled", "results": []})

    def test_18_more_photos_for_a_limited_application(self):
        # A limited application asks for more (presentLimitedLibraryPicker): the prompt says so, the page offers every
        # photo, and what the owner adds joins what the application may see.
        self.open_signed_in("/", ".topbar")
        identifiers = [a["localIdentifier"] for a in self.all_assets()]
        self.assertGreaterEqual(len(identifiers), 3)
        made = subprocess.run([BINARY, "access", "token", "org.example.Grower", "--library", self.library], capture_output=True, text=True)
        self.assertEqual(made.returncode, 0, made.stderr)
        token = made.stdout.strip()
        granted = subprocess.run([BINARY, "access", "grant", "org.example.Grower", "--level", "limited", "--assets", identifiers[0],
                                  "--library", self.library], capture_output=True, text=True)
        self.assertEqual(granted.returncode, 0, granted.stderr)
        time.sleep(0.7)   # grants reach the service within half a second
        status, answer = self.app_request(token, "POST", "/api/picker/sessions", {"purpose": "limitedLibrary"})
        self.assertEqual(status, 201, answer)
        session = json.loads(answer)
        self.browser.execute_script("sessionStorage.clear()")   # no "Later" from an earlier prompt
        self.open_signed_in("/", ".topbar")
        self.wait(lambda: self.finds(".app-prompt [data-prompt=pick]"), timeout=15, message="the prompt offers the limited-library picker")
        self.assertIn("asks for more photos", self.find(".app-prompt").text)
        self.shot("18-more-photos-prompt")
        self.find(".app-prompt [data-prompt=pick]").click()
        self.wait(lambda: self.browser.current_url.endswith(f"/pick/{session['id']}"), message="the picker page")
        self.open_picker_page(session["id"])
        self.assertIn("asks for more photos", self.find(".pick-head h2").text)
        self.assertIn("may see the photos you add", self.find(".pick-head").text)
        cells = {c.get_attribute("data-id"): c for c in self.finds(".pick-cell")}
        self.assertIn(identifiers[1], cells, "photos it may not see are offered")
        cells[identifiers[1]].click()
        self.shot("18-more-photos")
        self.browser.set_window_size(390, 844)
        try:
            self.assertLessEqual(self.browser.execute_script("return document.documentElement.scrollWidth - document.documentElement.clientWidth"), 0)
            self.shot("18-more-photos-phone")
        finally:
            self.browser.set_window_size(1280, 860)
        self.find(".pick [data-add]").click()
        self.wait(lambda: self.finds(".pick-done"), message="done")
        self.assertIn("may now see 1 more photo", self.find(".pick-done").text)
        status, answer = self.app_request(token, "GET", f"/api/picker/sessions/{session['id']}/results?wait=10")
        self.assertEqual(json.loads(answer), {"state": "picked", "results": [], "addedAssetIdentifiers": [identifiers[1]]})
        status, answer = self.app_request(token, "POST", "/api/fetches", {"entity": "assets"})
        self.assertEqual(json.loads(answer)["count"], 2, "its selection grew by the one photo added")

    def test_19_memories_strip_and_levels(self):
        # A trip (six photos taken far from home on one day, imported from the command line) becomes a memory shown
        # above the timeline; its page shows a summary of it, more, or all of it.
        from PIL import Image
        folder = os.path.join(self.directory, "trip")
        os.makedirs(folder)
        for i in range(16):
            path = os.path.join(folder, f"T{i:02d}.jpg")
            Image.new("RGB", (480, 320), ((i * 37) % 255, (i * 91) % 255, (i * 53) % 255)).save(path, quality=90)
            away = i >= 10
            latitude, longitude = (35.6762, 139.6503) if away else (48.8566, 2.3522)
            when = f"2023:06:03 {i:02d}:00:00" if away else f"2023:0{1 + i % 5}:{10 + i:02d} 12:00:00"
            subprocess.run(["exiftool", "-q", "-overwrite_original", f"-DateTimeOriginal={when}", f"-GPSLatitude={latitude}", "-GPSLatitudeRef=N",
                            f"-GPSLongitude={longitude}", "-GPSLongitudeRef=E", path], check=True)
        imported = subprocess.run([BINARY, "import", folder, "--library", self.library], capture_output=True, text=True)
        self.assertEqual(imported.returncode, 0, imported.stderr)
        self.open_signed_in("/", ".topbar")
        self.wait(lambda: any(c.text.startswith("Trip") for c in self.finds(".memory-strip .memory-card")), timeout=15, message="the trip in the memory strip")
        self.wait(lambda: self.browser.execute_script(
            "return [...document.querySelectorAll('.memory-strip img')].every((i) => i.complete && i.naturalWidth > 0)"), message="the strip's key photos")
        self.shot("19-memory-strip")
        trip = next(c for c in self.finds(".memory-strip .memory-card") if c.text.startswith("Trip"))
        self.assertIn("Trip, 3 June 2023", trip.text)
        self.assertIn("6 photos", trip.text)
        trip.click()
        self.wait(lambda: "/memories/" in self.browser.current_url, message="the memory's page")
        trip_id = self.browser.current_url.split("/memories/")[1].split("?")[0]
        self.wait(lambda: len(self.finds(".cell[data-id]")) == 4, message="its summary: four of the six photos")
        self.shot("19-memory-summary")
        next(a for a in self.finds(".memory-levels a") if a.text == "All").click()
        self.wait(lambda: len(self.finds(".cell[data-id]")) == 6, message="all six photos")
        self.assertEqual(next(a for a in self.finds(".memory-levels a") if a.get_attribute("aria-current") == "true").text, "All")
        self.open_signed_in("/memories", ".memory-grid")
        self.assertTrue(any(c.text.startswith("Trip") for c in self.finds(".memory-grid .memory-card")))
        self.shot("19-memories-page")
        self.browser.set_window_size(390, 844)
        try:
            self.open_signed_in("/", ".memory-strip .memory-card")
            self.assertLessEqual(self.browser.execute_script("return document.documentElement.scrollWidth - document.documentElement.clientWidth"), 0)
            self.shot("19-memory-strip-phone")
            self.browser.get(self.browser.current_url.rstrip("/") + "/memories/" + trip_id)
            self.wait(lambda: len(self.finds(".cell[data-id]")) == 4, message="the summary at phone size")
            # The levels are above the grid, so they are there at phone size too (the toolbar folds away).
            self.assertEqual([a.text for a in self.finds(".memory-levels a") if a.is_displayed()], ["Summary", "Show More", "All"])
            self.shot("19-memory-summary-phone")
        finally:
            self.browser.set_window_size(1280, 860)

    def test_20_photo_book_from_a_memory(self):
        # The trip of step 19 made into a photo book by the installed project extension, on the server, in its sandbox;
        # Projects lists it with its preview and the PDF to download.
        if not os.path.exists(self.photobook):
            self.skipTest("the photobook extension was not built")
        memories = self.api("GET", "/api/memories?limit=50")["answer"]["memories"]
        trip = next(m for m in memories if m["title"].startswith("Trip"))
        self.open_signed_in(f"/memories/{trip['identifier']}", ".memory-header .make-project")
        # An application of an earlier step may still be asking for access: later.
        for later in [b for b in self.finds(".app-prompt-host button") if b.text == "Later"]:
            later.click()
        self.wait(lambda: not [b for b in self.finds(".app-prompt-host button") if b.is_displayed()], message="no prompt over the page")
        self.shot("20-memory-make-project")
        self.find(".memory-header .make-project").click()
        # One extension with two types: the page asks which.
        self.wait(lambda: self.finds("dialog.prompt menu button[value]"), message="the choice of book")
        next(b for b in self.finds("dialog.prompt menu button[value]") if b.text == "Photo Book: Square book").click()
        self.wait(lambda: self.browser.execute_script("return location.pathname") == "/projects", timeout=120, message="Projects after making the book")
        self.wait(lambda: self.finds(".project-card img") and self.browser.execute_script(
            "return [...document.querySelectorAll('.project-card img')].every((i) => i.complete && i.naturalWidth > 0)"), message="the book's preview")
        card = self.find(".project-card")
        self.assertIn(trip["title"], card.text)
        self.shot("20-projects")
        link = next(a for a in self.finds(".project-card .project-files a") if a.text.endswith(".pdf"))
        name = link.text
        link.click()
        path = os.path.join(self.downloads, name)
        self.wait(lambda: os.path.exists(path) and not os.path.exists(path + ".crdownload"), timeout=30, message="the PDF downloaded")
        with open(path, "rb") as f:
            self.assertEqual(f.read(4), b"%PDF")
        if shutil.which("pdfinfo"):
            info = subprocess.run(["pdfinfo", path], capture_output=True, text=True, check=True).stdout
            pages = int(next(line for line in info.splitlines() if line.startswith("Pages:")).split()[-1])
            self.assertGreaterEqual(pages, 2, "a cover and at least one page of photos")
        projects = self.api("GET", "/api/projects")["answer"]["projects"]
        self.assertEqual(len(projects), 1)
        self.assertEqual(projects[0]["projectType"], "org.photokit-linux.photobook.square")
        # Updating runs the extension again; the project keeps its files.
        next(b for b in self.finds(".project-card button[data-open]")).click()
        self.wait(lambda: self.finds(".project-card button[data-open]") and self.find(".project-card button[data-open]").text == "Update"
                  and self.find(".project-card button[data-open]").is_enabled(), timeout=120, message="the book updated")
        self.assertEqual(self.api("GET", "/api/projects")["answer"]["projects"][0]["files"], [name])
        # At phone size: the projects, and the memory's levels and Make a Project above its grid.
        self.browser.set_window_size(390, 844)
        try:
            self.open_signed_in("/projects", ".project-card img")
            self.assertLessEqual(self.browser.execute_script("return document.documentElement.scrollWidth - document.documentElement.clientWidth"), 0)
            self.shot("20-projects-phone")
            self.open_signed_in(f"/memories/{trip['identifier']}", ".memory-header .make-project")
            for later in [b for b in self.finds(".app-prompt-host button") if b.text == "Later"]:
                later.click()
            self.assertTrue(self.find(".memory-header .make-project").is_displayed())
            self.shot("20-memory-phone")
        finally:
            self.browser.set_window_size(1280, 860)


if __name__ == "__main__":
    BINARY = os.path.abspath(sys.argv[1])
    SHOTS = os.path.abspath(sys.argv[2]) if len(sys.argv) > 2 else None
    if SHOTS:
        os.makedirs(SHOTS, exist_ok=True)
    runner = unittest.TextTestRunner(verbosity=2, failfast=True)
    result = runner.run(unittest.defaultTestLoader.loadTestsFromTestCase(WebAppTests))
    sys.exit(0 if result.wasSuccessful() else 1)
