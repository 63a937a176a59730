#!/usr/bin/env python3
"""Writes Sources/LibraryService/Resources/openapi.json, the contract of `photos serve` (OpenAPI 3.1).

The routes are hand-written in Sources/LibraryService/Routes; this file describes them, and the test suite
checks the two agree (schemathesis against the running server). Run after changing either:
    python3 scripts/openapi.py
"""
import json, os

def ref(name): return {"$ref": f"#/components/schemas/{name}"}
def obj(props, required=(), extra=False):
    return {"type": "object", "properties": props, "required": list(required), "additionalProperties": extra}
def arr(items): return {"type": "array", "items": items}
S = {"type": "string"}
I = {"type": "integer"}
B = {"type": "boolean"}
N = {"type": "number"}
DATE = {"type": "string", "format": "date-time"}
INDEX = {"type": "integer", "minimum": 0, "maximum": 2147483647}   # an album or folder member index (ChangeRequestBody.maximumIndex)
def nullable(schema): return {"anyOf": [schema, {"type": "null"}]}

PROBLEM_CODES = ["400", "401", "403", "404", "406", "409", "410", "413", "416", "422", "429", "503", "507"]
def problems(*codes):
    return {c: {"$ref": f"#/components/responses/Problem"} for c in codes}
def json_response(schema, desc="OK"):
    return {"description": desc, "content": {"application/json": {"schema": schema}}}
def body(schema):
    return {"required": True, "content": {"application/json": {"schema": schema}}}
def q(name, schema, desc, required=False):
    return {"name": name, "in": "query", "required": required, "schema": schema, "description": desc}
def p(name, desc, schema=S):
    return {"name": name, "in": "path", "required": True, "schema": schema, "description": desc}
SECURED = [{"bearer": []}, {"session": []}]
LINK_PASSWORD = {"name": "X-Link-Password", "in": "header", "required": False, "schema": S, "description": "The link's password, when it has one"}
ASSET_ID = p("asset", "The asset's UUID (the part of its local identifier before `/L0/001`), or the whole identifier percent-encoded.")

PICTURE_PARAMETERS = [
    q("kind", {"enum": ["thumbnail", "screen"]}, "A stored derivative: thumbnail (shorter side 256 px) or screen (longer side 1600 px); the default"),
    q("width", {"type": "integer", "minimum": 1, "maximum": 4096}, "A picture made for the request: its width bound in pixels (alone, it bounds both sides)"),
    q("height", {"type": "integer", "minimum": 1, "maximum": 4096}, "Its height bound in pixels (alone, it bounds both sides)"),
    q("mode", {"enum": ["fit", "fill"]}, "fit: the whole picture inside the size; fill: the size covered, then cropped to it (with width/height)"),
    q("crop", {"type": "string", "pattern": "^[0-9.eE+-]+,[0-9.eE+-]+,[0-9.eE+-]+,[0-9.eE+-]+$"},
      "x,y,w,h in unit coordinates of the upright picture, origin top left (with width/height)"),
    q("version", {"enum": ["current", "unadjusted", "original"]}, "Which version (with width/height; default current)"),
    q("v", S, "Ignored: a content version that makes an edited asset's picture a new URL"),
]
def PICTURE_RESPONSES(*codes):
    binary = {"schema": {"type": "string", "format": "binary"}}
    return {"200": {"description": "JPEG or WebP", "content": {"image/jpeg": binary, "image/webp": binary}},
            "304": {"description": "Not modified"}, **problems(*codes)}

schemas = {
    "AccessStatus": obj({"application": S, "name": S, "level": {"enum": ["readWrite", "addOnly"]},
                         "status": {"enum": ["notDetermined", "restricted", "denied", "authorized", "limited"]}},
                        ["application", "name", "level", "status"]),
    "Application": obj({"id": I, "identifier": S, "name": S, "executablePath": S, "executableSHA256": S,
                        "status": {"enum": ["pending", "full", "limited", "add-only", "denied"]}, "requestedLevel": {"enum": ["read-write", "add-only"]},
                        "requestedDate": DATE, "decidedDate": DATE, "selectionCount": I,
                        "waiting": {"type": "boolean", "description": "The owner has a question to answer: undecided, or add-only and asking to read since the last decision"}},
                       ["id", "identifier", "name", "executablePath", "executableSHA256", "status", "selectionCount", "waiting"]),
    "Problem": obj({"type": S, "title": S, "status": I, "detail": S}, ["type", "title", "status", "detail"]),
    "PickerSession": obj({"id": S, "application": obj({"identifier": S, "name": S, "executablePath": S}, ["identifier", "name", "executablePath"]), "filter": S,
                          "selectionLimit": I, "mode": {"enum": ["automatic", "current", "compatible"]},
                          "preselectedAssetIdentifiers": arr(S), "purpose": {"enum": ["pick", "limitedLibrary"]},
                          "state": {"enum": ["waiting", "picked", "cancelled"]}, "created": DATE},
                         ["id", "application", "selectionLimit", "mode", "preselectedAssetIdentifiers", "purpose", "state", "created"]),
    "PickerResults": obj({"state": {"enum": ["waiting", "picked", "cancelled"]},
                          "results": arr(obj({"assetIdentifier": S,
                                              "items": arr(obj({"index": I, "typeIdentifier": S, "suggestedName": S, "byteCount": I, "url": S},
                                                               ["index", "typeIdentifier", "suggestedName", "url"]))}, ["items"])),
                          "addedAssetIdentifiers": {**arr(S), "description": "A limitedLibrary session's answer: the picked assets new to the application's selection"}},
                         ["state", "results"]),
    "Health": obj({"status": {"enum": ["ok", "unavailable"]}, "changeToken": I, "needsSetup": B}, ["status", "needsSetup"]),
    "Account": obj({"username": S, "role": {"enum": ["admin", "member", "viewer"]}, "createdDate": DATE}, ["username", "role", "createdDate"]),
    "Session": obj({"account": ref("Account"), "csrfToken": S}, ["account"]),
    "Token": obj({"id": I, "name": S, "createdDate": DATE, "expiresDate": DATE, "token": S}, ["id", "name", "createdDate"]),
    "AuditEntry": obj({"date": DATE, "username": S, "action": S, "detail": S}, ["date", "username", "action", "detail"]),
    "Location": obj({"latitude": {"type": "number", "minimum": -90, "maximum": 90},
                     "longitude": {"type": "number", "minimum": -180, "maximum": 180}, "altitude": N}, ["latitude", "longitude"]),
    "Asset": obj({
        "localIdentifier": S, "id": S, "mediaType": I, "mediaSubtypes": I, "pixelWidth": I, "pixelHeight": I,
        "creationDate": DATE, "modificationDate": DATE, "addedDate": DATE, "location": ref("Location"), "duration": N,
        "isFavorite": B, "isHidden": B, "playbackStyle": I, "burstIdentifier": S, "burstSelectionTypes": I, "representsBurst": B, "hasAdjustments": B,
        "uniformTypeIdentifier": S, "originalFilename": S, "trashedDate": DATE, "thumbnailURL": S, "screenURL": S},
        ["localIdentifier", "id", "mediaType", "mediaSubtypes", "pixelWidth", "pixelHeight", "addedDate", "duration", "isFavorite",
         "isHidden", "playbackStyle", "burstSelectionTypes", "representsBurst", "hasAdjustments", "uniformTypeIdentifier", "originalFilename", "thumbnailURL", "screenURL"]),
    "Collection": obj({
        "localIdentifier": S, "id": S, "kind": {"enum": ["assetCollection", "collectionList"]}, "type": I, "subtype": I, "title": S,
        "startDate": DATE, "endDate": DATE, "estimatedAssetCount": I, "canContainAssets": B, "canContainCollections": B},
        ["localIdentifier", "id", "kind", "type", "subtype", "canContainAssets", "canContainCollections"]),
    "Resource": obj({"index": I, "type": I, "uniformTypeIdentifier": S, "originalFilename": S, "byteCount": I, "sha256": S, "url": S},
                    ["index", "type", "uniformTypeIdentifier", "originalFilename", "byteCount", "sha256", "url"]),
    "FetchRequest": obj({
        "entity": {"enum": ["assets", "collections"]},
        "scope": obj({"type": {"enum": ["all", "mediaType", "collection", "identifiers", "burst", "trash", "assetCollections",
                                        "collectionLists", "topLevelUserCollections", "children", "containingAsset"]},
                      "mediaType": I, "collection": S, "asset": S, "identifiers": arr(S), "burstIdentifier": S,
                      "collectionType": I, "subtype": I}, ["type"]),
        "predicate": {"type": "string", "description": "PhotoKit predicate format, e.g. `mediaType == 1 AND isFavorite == YES`. "
                                                        "Asset fetches also accept the keys `cameraMake`, `cameraModel` (text) and "
                                                        "`latitude`, `longitude` (degrees), e.g. `cameraModel CONTAINS[c] \"iphone\" AND latitude >= 10`."},
        "sort": arr(obj({"key": S, "ascending": B}, ["key"])),
        "includeHiddenAssets": B, "includeAllBurstAssets": B, "fetchLimit": {"type": "integer", "minimum": 0}}, ["entity"]),
    "Fetch": obj({"id": S, "entity": {"enum": ["assets", "collections"]}, "count": I, "changeToken": I}, ["id", "entity", "count", "changeToken"]),
    "Page": obj({"fetch": S, "entity": {"enum": ["assets", "collections"]}, "count": I, "offset": I, "changeToken": I,
                 "assets": arr(ref("Asset")), "collections": arr(ref("Collection"))}, ["fetch", "entity", "count", "offset", "changeToken"]),
    "Index": obj({"index": I}),
    "ChangeOperation": obj({
        "op": {"enum": ["createAlbum", "createFolder", "editAsset", "trashAssets", "recoverAssets", "purgeAssets",
                        "editCollection", "deleteCollections", "revertContent"]},
        "placeholder": S, "title": S, "asset": S, "assets": arr(S), "collection": S, "collections": arr(S),
        "isFavorite": B, "isHidden": B, "isBurstPick": B, "creationDate": DATE, "location": ref("Location"),
        "add": arr(S), "remove": arr(S), "insertAt": INDEX, "moveFrom": arr(INDEX), "moveTo": INDEX}, ["op"]),
    "ChangeRequest": obj({"operations": arr(ref("ChangeOperation"))}, ["operations"]),
    "ChangeResult": obj({"changeToken": I, "placeholders": {"type": "object", "additionalProperties": S}}, ["placeholders"]),
    "ObjectChanges": obj({"inserted": arr(S), "updated": arr(S), "deleted": arr(S), "contentChanged": arr(S)}, ["inserted", "updated", "deleted"]),
    "ChangeEntry": obj({"token": I, "date": DATE, "assets": ref("ObjectChanges"), "assetCollections": ref("ObjectChanges"),
                        "collectionLists": ref("ObjectChanges"), "reset": B}, ["token", "assets", "assetCollections", "collectionLists"]),
    "Upload": obj({"id": S, "filename": S, "length": I, "offset": I, "url": S}, ["id", "filename", "length", "offset", "url"]),
    "ImportResult": obj({"imported": arr(S), "livePhotoPairs": I, "rawJPEGPairs": I, "duplicates": arr(S),
                         "rejected": arr(obj({"filename": S, "reason": S}, ["filename", "reason"]))},
                        ["imported", "livePhotoPairs", "rawJPEGPairs", "duplicates", "rejected"]),
    "Adjustment": obj({"formatIdentifier": S, "formatVersion": S, "data": {"type": "string", "contentEncoding": "base64"}},
                      ["formatIdentifier", "formatVersion", "data"]),
    "EditState": obj({"localIdentifier": S, "hasAdjustments": B, "adjustment": ref("Adjustment"), "currentBasedOnOriginal": B,
                      "history": arr(obj({"sequence": I, "date": DATE, "kind": S, "formatIdentifier": S, "formatVersion": S, "basedOnOriginal": B},
                                         ["sequence", "date", "kind", "basedOnOriginal"])),
                      "originalPixelWidth": I, "originalPixelHeight": I, "raw": ref("RAWInfo")},
                     ["localIdentifier", "hasAdjustments", "history"]),
    # A filter is a built-in Core Image filter's name and inputs, or "CIRAWFilter" with RAW keys (inputEV,
    # inputNeutralTemperature, …): the development of the photo's RAW file, merged into the chain's development.
    "RAWInfo": obj({"pixelWidth": I, "pixelHeight": I, "neutralTemperature": N, "neutralTint": N, "decoderVersion": S},
                   ["pixelWidth", "pixelHeight", "neutralTemperature", "neutralTint", "decoderVersion"]),
    "FilterEdit": obj({"filters": {"type": "array", "minItems": 0, "maxItems": 32,
                                   "description": "Built-in Core Image filters by name with their inputs, applied in order (at least one unless audioVolume is given); a \"CIRAWFilter\" step sets the RAW development (inputEV, inputNeutralTemperature, inputNeutralTint, inputBoost, …) of a RAW photo, merged into the chain's development. A video's chain runs on every frame, a Live Photo's on its still and every frame of its movie.",
                                   "items": obj({"name": S, "parameters": {"type": "object", "additionalProperties": True}}, ["name"])},
                       "replace": B,
                       "audioVolume": {"type": "number", "minimum": 0, "maximum": 1,
                                       "description": "A Live Photo's sound (0 removes it); kept from its stored edit when absent. Refused for other assets."}},
                      ["filters"]),
    "Link": obj({"id": I, "album": S, "createdDate": DATE, "expiresDate": DATE, "hasPassword": B, "secret": S, "url": S},
                ["id", "album", "createdDate", "hasPassword"]),
    "SharedPage": obj({"count": I, "offset": I, "changeToken": I, "assets": arr(ref("Asset"))}, ["count", "offset", "changeToken", "assets"]),
    "Camera": obj({"make": S, "model": S, "count": I}, ["count"]),
    "Memory": obj({"identifier": {"type": "string", "format": "uuid"}, "kind": {"type": "string", "enum": ["trip", "event", "onThisDay", "person"]},
                   "title": S, "startDate": {"type": "string", "format": "date-time"}, "endDate": {"type": "string", "format": "date-time"},
                   "count": I, "keyAsset": S, "keyThumbnailURL": S, "person": S,
                   "sections": arr(obj({"title": S, "summary": arr(S), "curated": arr(S), "all": arr(S)}, ["title", "summary", "curated", "all"]))},
                  ["identifier", "kind", "title", "startDate", "endDate", "count", "keyAsset", "keyThumbnailURL"]),
    "Project": obj({"identifier": S, "title": S, "projectType": S, "extension": nullable(S), "count": I, "previewURL": nullable(S), "files": arr(S)},
                   ["identifier", "title", "projectType", "count", "files"]),
    "History": obj({"currentToken": I, "changes": arr(ref("ChangeEntry")), "hasMore": B}, ["currentToken", "changes", "hasMore"]),
}

paths = {
    "/api/health": {"get": {"summary": "Whether the library is readable, its change token, whether setup is needed.", "security": [],
                            "responses": {"200": json_response(ref("Health")), "503": json_response(ref("Health"), "Library unavailable")}}},
    "/api/openapi.json": {"get": {"summary": "This document.", "security": [], "responses": {"200": json_response({"type": "object"})}}},
    "/metrics": {"get": {"summary": "Prometheus metrics (admins).", "responses": {
        "200": {"description": "Prometheus text format", "content": {"text/plain": {"schema": S}}}, **problems("401", "403")}}},
    "/api/setup": {"post": {"summary": "Create the owner with the setup token `photos serve` printed (first run only).", "security": [],
                            "requestBody": body(obj({"setupToken": S, "username": S, "password": S}, ["setupToken", "username", "password"])),
                            "responses": {"201": json_response(ref("Session"), "Owner created and signed in"), **problems("400", "403", "409", "413")}}},
    "/api/session": {
        "post": {"summary": "Sign in: sets an HttpOnly session cookie and returns the CSRF token for signed-in changes.", "security": [],
                 "requestBody": body(obj({"username": S, "password": S}, ["username", "password"])),
                 "responses": {"200": json_response(ref("Session")), **problems("400", "401", "413", "429")}},
        "get": {"summary": "Who is signed in.", "responses": {"200": json_response(ref("Session")), **problems("401")}},
        "delete": {"summary": "Sign out.", "responses": {"204": {"description": "Signed out"}, **problems("400", "401", "403")}}},
    "/api/users": {
        "get": {"summary": "Accounts (admins).", "responses": {"200": json_response(obj({"users": arr(ref("Account"))}, ["users"])), **problems("401", "403")}},
        "post": {"summary": "Create an account (admins).",
                 "requestBody": body(obj({"username": S, "password": S, "role": {"enum": ["admin", "member", "viewer"]}}, ["username", "password", "role"])),
                 "responses": {"201": json_response(ref("Account")), **problems("400", "401", "403", "409", "413")}}},
    "/api/users/{username}": {"delete": {"summary": "Remove an account (admins; not the last admin).", "parameters": [p("username", "Account name")],
                                         "responses": {"204": {"description": "Removed"}, **problems("401", "403", "404", "409")}}},
    "/api/tokens": {
        "get": {"summary": "The caller's API tokens.", "responses": {"200": json_response(obj({"tokens": arr(ref("Token"))}, ["tokens"])), **problems("401")}},
        "post": {"summary": "Make an API token (the secret is in this answer only).",
                 "requestBody": body(obj({"name": S, "expiresInDays": {"type": "integer", "minimum": 1, "maximum": 3650}}, ["name"])),
                 "responses": {"201": json_response(ref("Token")), **problems("400", "401", "403", "413")}}},
    "/api/tokens/{id}": {"delete": {"summary": "Revoke one of the caller's API tokens.", "parameters": [p("id", "Token id", I)],
                                    "responses": {"204": {"description": "Revoked"}, **problems("400", "401", "403", "404")}}},
    "/api/audit": {"get": {"summary": "Audit log, newest first (admins).", "parameters": [q("limit", {"type": "integer", "minimum": 1, "maximum": 1000}, "At most this many")],
                           "responses": {"200": json_response(obj({"entries": arr(ref("AuditEntry"))}, ["entries"])), **problems("400", "401", "403")}}},
    "/api/fetches": {"post": {"summary": "Make a fetch: a server-side snapshot of ordered ids, read in pages.",
                              "requestBody": body(ref("FetchRequest")),
                              "responses": {"201": json_response(ref("Fetch")), **problems("400", "401", "404", "413")}}},
    "/api/fetches/{fetch}": {
        "get": {"summary": "A page of a fetch's objects by index.",
                "parameters": [p("fetch", "Fetch id"), q("offset", {"type": "integer", "minimum": 0, "maximum": 2147483647}, "First index"),
                               q("limit", {"type": "integer", "minimum": 1, "maximum": 1000}, "Page size (default 200)")],
                "responses": {"200": json_response(ref("Page")), **problems("400", "401", "404")}},
        "delete": {"summary": "Drop a fetch.", "parameters": [p("fetch", "Fetch id")],
                   "responses": {"204": {"description": "Dropped"}, **problems("401", "403", "404")}}},
    "/api/fetches/{fetch}/index": {"get": {"summary": "The index of an object in a fetch (absent when not in it).",
                                           "parameters": [p("fetch", "Fetch id"), q("identifier", S, "Local identifier or asset UUID", True)],
                                           "responses": {"200": json_response(ref("Index")), **problems("400", "401", "404")}}},
    "/api/assets/{asset}": {"get": {"summary": "An asset.", "parameters": [ASSET_ID],
                                    "responses": {"200": json_response(ref("Asset")), **problems("400", "401", "404")}}},
    "/api/assets/{asset}/image": {"get": {
        "summary": "The asset's picture: a stored derivative (kind), or one made for the request (width/height, mode, crop, version). "
                   "JPEG or WebP as Accept chooses (Vary: Accept; on a tie derivatives stay JPEG and made pictures are WebP). "
                   "Strong ETag, immutable caching.",
        "parameters": [ASSET_ID, *PICTURE_PARAMETERS],
        "responses": PICTURE_RESPONSES("400", "401", "404", "406", "416", "422", "429")}},
    "/api/assets/{asset}/resources": {"get": {"summary": "The asset's stored files.", "parameters": [ASSET_ID],
                                              "responses": {"200": json_response(obj({"resources": arr(ref("Resource"))}, ["resources"])), **problems("400", "401", "404")}}},
    "/api/assets/{asset}/resources/{index}": {"get": {
        "summary": "A stored file's bytes (byte ranges, original file name).",
        "parameters": [ASSET_ID, p("index", "Resource index", {"type": "integer", "minimum": 0})],
        "responses": {"200": {"description": "The file, with its media type", "content": {"*/*": {"schema": {"type": "string", "format": "binary"}}}},
                      "206": {"description": "A byte range of the file"}, "304": {"description": "Not modified"}, **problems("400", "401", "404", "416")}}},
    "/api/collections/{collection}": {"get": {"summary": "A collection.", "parameters": [p("collection", "Local identifier, percent-encoded")],
                                              "responses": {"200": json_response(ref("Collection")), **problems("400", "401", "404")}}},
    "/api/changes": {
        "post": {"summary": "Apply operations as one atomic batch.",
                 "parameters": [{"name": "Idempotency-Key", "in": "header", "required": False, "schema": {"type": "string", "minLength": 1, "maxLength": 200},
                                 "description": "A retry with the same key and body answers as the first request did, applying nothing again."}],
                 "requestBody": body(ref("ChangeRequest")),
                 "responses": {"200": json_response(ref("ChangeResult")), **problems("400", "401", "403", "404", "409", "413", "422", "503", "507")}},
        "get": {"summary": "Persistent change history after a token.",
                "parameters": [q("since", {"type": "integer", "minimum": 0}, "Change token", True), q("limit", {"type": "integer", "minimum": 1, "maximum": 5000}, "At most this many")],
                "responses": {"200": json_response(ref("History")), **problems("400", "401", "410")}}},
    "/api/changes/stream": {"get": {
        "summary": "Server-Sent Events: `change` (id = token), `details`, `ready`, `expired`, `end`.",
        "parameters": [q("since", {"type": "integer", "minimum": 0}, "Resume after this token (or send Last-Event-ID)"),
                       {"name": "fetch", "in": "query", "required": False, "schema": arr(S), "style": "form", "explode": True,
                        "description": "Fetch ids whose change details to send"}],
        "responses": {"200": {"description": "Event stream", "content": {"text/event-stream": {"schema": S}}}, **problems("400", "401", "404")}}},
    "/api/assets/{asset}/edit": {
        "get": {"summary": "The current edit's adjustment data and the edit history.", "parameters": [ASSET_ID],
                "responses": {"200": json_response(ref("EditState")), **problems("400", "401", "404")}},
        "post": {"summary": "Commit an edit: a completed upload holding the render, its adjustment data, and its base.",
                 "parameters": [ASSET_ID],
                 "requestBody": body(obj({"upload": S, "adjustment": ref("Adjustment"), "basedOn": {"enum": ["original", "current"]}},
                                         ["upload", "adjustment", "basedOn"])),
                 "responses": {"200": json_response(ref("ChangeResult")), **problems("400", "401", "403", "404", "409", "413", "422", "503", "507")}}},
    "/api/assets/{asset}/edit/input": {"get": {
        "summary": "The image to edit (WWDC 2014 rule): resume=true → the original (the editor re-applies the adjustment data); else the current version.",
        "parameters": [ASSET_ID, q("resume", {"type": "boolean"}, "The editor understands the current adjustment data")],
        "responses": {"200": {"description": "The image; X-Edit-Base says original or current",
                              "content": {"*/*": {"schema": {"type": "string", "format": "binary"}}}},
                      "206": {"description": "A byte range"}, "304": {"description": "Not modified"}, **problems("400", "401", "404", "409", "416")}}},
    "/api/assets/{asset}/preview": {"post": {
        "summary": "Render a filter chain on the display-size picture (a video's first frame, a Live Photo's still; for sliders); changes nothing.",
        "parameters": [ASSET_ID], "requestBody": body(ref("FilterEdit")),
        "responses": {"200": {"description": "JPEG", "content": {"image/jpeg": {"schema": {"type": "string", "format": "binary"}}}},
                      **problems("400", "401", "403", "404", "409", "413", "422", "429")}}},
    "/api/assets/{asset}/edit/effect": {"post": {
        "summary": "Apply a Live Photo effect (Loop, Bounce, Long Exposure) made from the original pair, or return to the plain Live Photo (live).",
        "parameters": [ASSET_ID],
        "requestBody": body(obj({"effect": {"enum": ["loop", "bounce", "long-exposure", "live"]}}, ["effect"])),
        "responses": {"200": json_response(ref("Asset")), **problems("400", "401", "403", "404", "409", "413", "422", "429", "503", "507")}}},
    "/api/assets/{asset}/edit/filters": {"post": {
        "summary": "Render a filter chain at full size (a photo; every frame of a video; a Live Photo's still and movie) and commit it as a resumable edit.",
        "parameters": [ASSET_ID], "requestBody": body(ref("FilterEdit")),
        "responses": {"200": json_response(obj({"changeToken": I, "filters": I, "summary": S, "renderedFrom": {"enum": ["original", "current"]}},
                                               ["filters", "summary", "renderedFrom"])),
                      **problems("400", "401", "403", "404", "409", "413", "422", "429", "503", "507")}}},
    "/api/jobs": {"get": {"summary": "Background work of this server process (derivatives, change streams).",
                          "responses": {"200": json_response(obj({
                              "derivatives": obj({"pending": I, "generated": I, "failed": I, "workers": I}, ["pending", "generated", "failed", "workers"]),
                              "changeStreams": I}, ["derivatives", "changeStreams"])), **problems("401")}}},
    "/api/access": {"get": {"summary": "The asking application's PhotoKit authorization status (programs on the Unix socket, or an application's token).",
                            "parameters": [q("level", {"enum": ["readWrite", "addOnly"]}, "PHAccessLevel (default readWrite)")],
                            "responses": {"200": json_response(ref("AccessStatus")), **problems("400", "401", "403")}}},
    "/api/access/requests": {"post": {"summary": "Ask the library's owner for access (PhotoKit's requestAuthorization); with wait, answers once decided.",
                                      "parameters": [q("wait", {"type": "integer", "minimum": 0, "maximum": 300}, "Seconds to wait for the owner's answer")],
                                      "requestBody": body(obj({"level": {"enum": ["readWrite", "addOnly"]}})),
                                      "responses": {"200": json_response(ref("AccessStatus")), **problems("400", "401", "403", "413")}}},
    "/api/access/apps": {"get": {"summary": "Every application the library knows, the undecided first (admins).",
                                 "responses": {"200": json_response(obj({"applications": arr(ref("Application"))}, ["applications"])), **problems("401", "403")}}},
    "/api/access/apps/{app}": {
        "post": {"summary": "Decide an application's access (admins): full, limited (with assets), add-only or denied.",
                 "parameters": [p("app", "The application's number", I)],
                 "requestBody": body(obj({"status": {"enum": ["full", "limited", "add-only", "denied"]}, "assets": arr(S)}, ["status"])),
                 "responses": {"200": json_response(ref("Application")), **problems("400", "401", "403", "404", "409", "413")}},
        "delete": {"summary": "Forget an application, its selection and tokens (admins).", "parameters": [p("app", "The application's number", I)],
                   "responses": {"204": {"description": "Forgotten"}, **problems("401", "403", "404")}}},
    "/api/access/apps/{app}/selection": {"post": {"summary": "Give a limited application more assets (admins); answers those newly given.",
                                                  "parameters": [p("app", "The application's number", I)],
                                                  "requestBody": body(obj({"assets": arr(S)}, ["assets"])),
                                                  "responses": {"200": json_response(obj({"added": arr(S)}, ["added"])), **problems("400", "401", "403", "404", "409", "413")}}},
    "/api/picker/sessions": {"post": {
        "summary": "Open a picker (applications, whatever their access; PHPickerViewController): the owner picks at /pick/{id}, "
                   "the application reads back only what was picked.",
        "requestBody": body(obj({"filter": {"type": "string", "maxLength": 4096, "description": "PickerFilter's text form, e.g. any(images,videos)"},
                                 "selectionLimit": {"type": "integer", "minimum": 0, "maximum": 10000, "description": "0: no limit; default 1"},
                                 "mode": {"enum": ["automatic", "current", "compatible"]},
                                 "preselectedAssetIdentifiers": arr(S),
                                 "purpose": {"enum": ["pick", "limitedLibrary"], "description": "limitedLibrary (presentLimitedLibraryPicker, limited "
                                             "applications only, with no other field): the picked assets join the application's selection"}})),
        "responses": {"201": json_response(obj({"id": S, "url": S, "pageURL": {"type": "string", "description": "The page's absolute address (when the service listens on TCP)"}},
                                               ["id", "url"]), "Opened"), **problems("400", "401", "403", "409", "413")}},
                             "get": {"summary": "The pickers waiting for the owner, newest first (admins): the web app offers them.",
                                     "responses": {"200": json_response(obj({"sessions": arr(ref("PickerSession"))}, ["sessions"])),
                                                   **problems("401", "403")}}},
    "/api/picker/sessions/{session}": {"get": {"summary": "A picker session: who asks, for what, and its state (admins).",
                                               "parameters": [p("session", "The session's id")],
                                               "responses": {"200": json_response(ref("PickerSession")), **problems("401", "403", "404")}},
                                       "delete": {"summary": "The application gives up its picker (PHPickerViewController dismissed): a waiting session is cancelled.",
                                                  "parameters": [p("session", "The session's id")],
                                                  "responses": {"204": {"description": "Given up"}, **problems("400", "401", "403", "404")}}},
    "/api/picker/sessions/{session}/candidates": {"get": {
        "summary": "The assets the session's filter lets the owner pick, newest first (admins).",
        "parameters": [p("session", "The session's id"), q("offset", {"type": "integer", "minimum": 0, "maximum": 2147483647}, "The first asset"),
                       q("limit", {"type": "integer", "minimum": 1, "maximum": 500}, "How many (default 100)")],
        "responses": {"200": json_response(obj({"count": I, "offset": I, "assets": arr(ref("Asset"))}, ["count", "offset", "assets"])),
                      **problems("400", "401", "403", "404")}}},
    "/api/picker/sessions/{session}/choice": {"post": {
        "summary": "The owner's answer (admins): the assets picked, or cancelled. Refused over the limit or outside the filter.",
        "parameters": [p("session", "The session's id")],
        "requestBody": body(obj({"assets": arr(S), "cancelled": B})),
        "responses": {"200": json_response(ref("PickerSession")), **problems("400", "401", "403", "404", "409", "413", "422")}}},
    "/api/picker/sessions/{session}/results": {"get": {
        "summary": "The picked results (the application that opened the session): PHPickerResult's items, and the asset identifier "
                   "only when the application may read the asset.",
        "parameters": [p("session", "The session's id"), q("wait", {"type": "integer", "minimum": 0, "maximum": 300}, "Seconds to wait for the owner's answer")],
        "responses": {"200": json_response(ref("PickerResults")), **problems("400", "401", "403", "404")}}},
    "/api/picker/sessions/{session}/results/{result}/items/{item}": {"get": {
        "summary": "The bytes of a picked item (the application that opened the session); byte ranges.",
        "parameters": [p("session", "The session's id"), p("result", "The result's index", I), p("item", "The item's index", I),
                       {"name": "Range", "in": "header", "required": False, "schema": S, "description": "bytes=START-END"}],
        "responses": {"200": {"description": "The item", "content": {"*/*": {"schema": {"type": "string", "format": "binary"}}}},
                      "206": {"description": "A byte range"}, "304": {"description": "Not modified"}, **problems("401", "403", "404", "416", "422")}}},
    "/api/cameras": {"get": {"summary": "The cameras the library's visible assets were taken with (make and model as the files name them; "
                                        "absent when a file names only the other), each with its count, ordered by make then model.",
                             "responses": {"200": json_response(obj({"cameras": arr(ref("Camera"))}, ["cameras"])), **problems("401")}}},
    "/api/uploads/check": {"post": {"summary": "Which of these SHA-256 digests the library already holds (skip uploading those).",
                                    "requestBody": body(obj({"sha256": arr({"type": "string", "pattern": "^[0-9a-fA-F]{64}$"})}, ["sha256"])),
                                    "responses": {"200": json_response(obj({"present": arr(S)}, ["present"])), **problems("400", "401", "403", "413")}}},
    "/api/uploads": {"post": {"summary": "Announce a file to upload (name, length, optional SHA-256).",
                              "requestBody": body(obj({"filename": S, "length": {"type": "integer", "minimum": 1},
                                                       "sha256": {"type": "string", "pattern": "^[0-9a-fA-F]{64}$"}}, ["filename", "length"])),
                              "responses": {"201": json_response(ref("Upload")), **problems("400", "401", "403", "413", "429", "507")}}},
    "/api/uploads/{upload}": {
        "patch": {"summary": "Append bytes at Upload-Offset (resume after a dropped connection from the offset GET reports).",
                  "parameters": [p("upload", "Upload id"),
                                 {"name": "Upload-Offset", "in": "header", "required": True, "schema": {"type": "integer", "minimum": 0}}],
                  "requestBody": {"required": True, "content": {"application/octet-stream": {"schema": {"type": "string", "format": "binary"}}}},
                  "responses": {"200": json_response(ref("Upload")), **problems("400", "401", "403", "404", "409", "413", "507")}},
        "get": {"summary": "How many bytes of an upload arrived.", "parameters": [p("upload", "Upload id")],
                "responses": {"200": json_response(ref("Upload")), **problems("401", "403", "404")}},
        "delete": {"summary": "Cancel an upload.", "parameters": [p("upload", "Upload id")],
                   "responses": {"204": {"description": "Cancelled"}, **problems("401", "403", "404")}}},
    "/api/uploads/import": {"post": {"summary": "Import completed uploads together (pairs kept; duplicates and unreadable files reported).",
                                     "requestBody": body(obj({"uploads": {"type": "array", "items": S, "minItems": 1, "maxItems": 1000}}, ["uploads"])),
                                     "responses": {"200": json_response(ref("ImportResult")), **problems("400", "401", "403", "404", "409", "413", "422", "507")}}},
    "/api/fetches/{fetch}/sections": {"get": {
        "summary": "An asset fetch's assets in runs of the same local day, in the fetch's order (a timeline's day headers).",
        "parameters": [p("fetch", "Fetch id"), q("utcOffset", {"type": "integer", "minimum": -1080, "maximum": 1080}, "The viewer's minutes east of UTC")],
        "responses": {"200": json_response(obj({"fetch": S, "count": I, "changeToken": I,
                                                "sections": arr(obj({"day": {"type": ["string", "null"], "format": "date"}, "count": I}, ["day", "count"]))},
                                               ["fetch", "count", "changeToken", "sections"])),
                      **problems("400", "401", "404")}}},
    "/api/memories": {"get": {
        "summary": "The library's memories, newest first (trips, events, on this day, people over time), each with its key photo. "
                   "An application with a limited selection sees only memories holding photos of it.",
        "parameters": [q("limit", {"type": "integer", "minimum": 1, "maximum": 500}, "How many (20 by default)")],
        "responses": {"200": json_response(obj({"memories": arr(ref("Memory"))}, ["memories"])), **problems("400", "401")}}},
    "/api/memories/{memory}": {"get": {
        "summary": "One memory with its sections, each at three curation levels: summary, curated, all (each holds the one before).",
        "parameters": [p("memory", "The memory's identifier (a UUID)")],
        "responses": {"200": json_response(ref("Memory")), **problems("400", "401", "404")}}},
    "/api/project-extensions": {"get": {
        "summary": "The project extensions installed for this library (or the server's user), with the project types each offers.",
        "responses": {"200": json_response(obj({"extensions": arr(obj({
            "id": S, "name": S, "version": S, "types": arr(obj({"type": S, "title": S, "description": S}, ["type", "title"]))},
            ["id", "name", "version", "types"]))}, ["extensions"])), **problems("401", "422")}}},
    "/api/projects": {
        "get": {"summary": "Every project (newest first) with its preview's URL and the files its extension made (accounts, not applications).",
                "responses": {"200": json_response(obj({"projects": arr(ref("Project"))}, ["projects"])), **problems("401", "403")}},
        "post": {"summary": "Make a project of a memory with a project extension (run in its sandbox on the server); members own what they make. "
                            "If the extension fails, the project is deleted again.",
                 "requestBody": body(obj({"memory": {"type": "string", "format": "uuid"}, "extension": S, "type": S, "title": {"type": "string", "maxLength": 200}},
                                         ["memory", "extension"])),
                 "responses": {"201": json_response(ref("Project"), "Made"), **problems("400", "401", "403", "404", "413", "422", "429")}}},
    "/api/projects/{project}/open": {"post": {
        "summary": "Run the project's extension again (resume); its files are made again. Members open only the projects they made.",
        "parameters": [p("project", "The project's UUID or local identifier")],
        "responses": {"200": json_response(ref("Project")), **problems("400", "401", "403", "404", "409", "422", "429")}}},
    "/api/projects/{project}/preview": {"get": {
        "summary": "The preview image the project's extension set.",
        "parameters": [p("project", "The project's UUID or local identifier")],
        "responses": {"200": {"description": "JPEG", "content": {"image/jpeg": {"schema": {"type": "string", "format": "binary"}}}},
                      **problems("400", "401", "403", "404")}}},
    "/api/projects/{project}/files/{name}": {"get": {
        "summary": "A file the project's extension made (by name, as listed; ranges and ETags as for originals).",
        "parameters": [p("project", "The project's UUID or local identifier"), p("name", "The file's name, percent-encoded")],
        "responses": {"200": {"description": "The file", "content": {"application/pdf": {"schema": {"type": "string", "format": "binary"}},
                                                                     "application/octet-stream": {"schema": {"type": "string", "format": "binary"}}}},
                      "206": {"description": "A range of the file"}, "304": {"description": "Not modified"},
                      **problems("400", "401", "403", "404", "416")}}},
    "/api/extensions": {"get": {
        "summary": "The editing extensions installed for this library (or the server's user), with their parameters.",
        "responses": {"200": json_response(obj({"extensions": arr(obj({
            "id": S, "name": S, "version": S, "mediaTypes": arr(I),
            "parameters": arr(obj({"name": S, "kind": {"type": "object"}, "defaultValue": S, "summary": S}, ["name", "kind", "defaultValue", "summary"]))},
            ["id", "name", "version", "mediaTypes", "parameters"]))}, ["extensions"])), **problems("401")}}},
    "/api/assets/{asset}/edit/extension": {"post": {
        "summary": "Run an installed editing extension on a photo in its sandbox and commit its result.",
        "parameters": [ASSET_ID],
        "requestBody": body(obj({"extension": S, "parameters": {"type": "object", "additionalProperties": S}}, ["extension"])),
        "responses": {"200": json_response(ref("Asset")), **problems("400", "401", "403", "404", "409", "413", "422", "429")}}},
    "/api/assets/{asset}/metadata": {"get": {
        "summary": "How the original photo was taken (camera, lens, exposure), from its file; empty for videos and files without EXIF.",
        "parameters": [ASSET_ID],
        "responses": {"200": json_response(obj({"make": S, "model": S, "lens": S, "software": S, "exposureTime": {"type": "number"},
                                                "fNumber": {"type": "number"}, "iso": I, "focalLength": {"type": "number"},
                                                "focalLength35mm": I, "exposureBias": {"type": "number"}, "flashFired": B})),
                      **problems("400", "401", "404")}}},
    "/api/downloads": {"post": {
        "summary": "Prepare a ZIP download of assets' original files (fetch it within ten minutes from the answer's url).",
        "requestBody": body(obj({"assets": {"type": "array", "items": S, "minItems": 1, "maxItems": 10000}, "name": S}, ["assets"])),
        "responses": {"201": json_response(obj({"id": S, "url": S, "count": I, "filename": S}, ["id", "url", "count", "filename"])),
                      **problems("400", "401", "404", "413")}}},
    "/api/downloads/{download}": {"get": {
        "summary": "The prepared download: a streamed ZIP (stored entries, Zip64) of the original files under their original names.",
        "parameters": [p("download", "The id POST /api/downloads answered")],
        "responses": {"200": {"description": "The archive", "content": {"application/zip": {"schema": {"type": "string", "format": "binary"}}}},
                      **problems("401", "404")}}},
    "/api/collections/{collection}/links": {
        "post": {"summary": "Make a read-only link to a user album (optional expiry and password).",
                 "parameters": [p("collection", "The album's local identifier, percent-encoded")],
                 "requestBody": body(obj({"expiresInDays": {"type": "integer", "minimum": 1, "maximum": 3650}, "password": S})),
                 "responses": {"201": json_response(ref("Link")), **problems("400", "401", "403", "404", "409", "413")}},
        "get": {"summary": "An album's links (no secrets).", "parameters": [p("collection", "The album's local identifier, percent-encoded")],
                "responses": {"200": json_response(obj({"links": arr(ref("Link"))}, ["links"])), **problems("400", "401", "403")}}},
    "/api/links/{id}": {"delete": {"summary": "Revoke a link (its maker or an admin).", "parameters": [p("id", "Link id", I)],
                                   "responses": {"204": {"description": "Revoked"}, **problems("400", "401", "403", "404")}}},
    "/api/shared/{secret}": {"get": {"summary": "A shared album (no account needed; X-Link-Password when it has one).", "security": [],
                                     "parameters": [p("secret", "The link's secret"), LINK_PASSWORD],
                                     "responses": {"200": json_response(ref("Collection")), **problems("401", "404", "429")}}},
    "/api/shared/{secret}/stream": {"get": {"summary": "Server-Sent Events: how the shared album changes (`ready`, `change` with its details, `reload`, `end`).",
                                            "security": [], "parameters": [p("secret", "The link's secret"), LINK_PASSWORD],
                                            "responses": {"200": {"description": "Event stream", "content": {"text/event-stream": {"schema": S}}},
                                                          **problems("401", "404", "429")}}},
    "/api/shared/{secret}/assets": {"get": {"summary": "A page of a shared album's assets.", "security": [],
                                            "parameters": [p("secret", "The link's secret"), LINK_PASSWORD,
                                                           q("offset", {"type": "integer", "minimum": 0, "maximum": 2147483647}, "First index"),
                                                           q("limit", {"type": "integer", "minimum": 1, "maximum": 1000}, "Page size")],
                                            "responses": {"200": json_response(ref("SharedPage")), **problems("400", "401", "404", "429")}}},
    "/api/shared/{secret}/assets/{asset}": {"get": {"summary": "An asset of a shared album.", "security": [],
                                                    "parameters": [p("secret", "The link's secret"), ASSET_ID, LINK_PASSWORD],
                                                    "responses": {"200": json_response(ref("Asset")), **problems("401", "404", "429")}}},
    "/api/shared/{secret}/assets/{asset}/image": {"get": {"summary": "The picture of an asset of a shared album.", "security": [],
        "parameters": [p("secret", "The link's secret"), ASSET_ID, LINK_PASSWORD, *PICTURE_PARAMETERS],
        "responses": PICTURE_RESPONSES("400", "401", "404", "406", "416", "422", "429")}},
    "/api/shared/{secret}/assets/{asset}/resources": {"get": {"summary": "The stored files of an asset of a shared album.", "security": [],
        "parameters": [p("secret", "The link's secret"), ASSET_ID, LINK_PASSWORD],
        "responses": {"200": json_response(obj({"resources": arr(ref("Resource"))}, ["resources"])), **problems("401", "404", "429")}}},
    "/api/shared/{secret}/assets/{asset}/resources/{index}": {"get": {"summary": "A stored file of an asset of a shared album.", "security": [],
        "parameters": [p("secret", "The link's secret"), ASSET_ID, LINK_PASSWORD, p("index", "Resource index", {"type": "integer", "minimum": 0})],
        "responses": {"200": {"description": "The file", "content": {"*/*": {"schema": {"type": "string", "format": "binary"}}}},
                      "206": {"description": "A byte range"}, "304": {"description": "Not modified"}, **problems("401", "404", "416", "429")}}},
}

# Every operation takes a bearer token or a session cookie unless it says otherwise.
# Any operation may answer 429: requests without credentials are limited per address, changes per account.
for path in paths.values():
    for operation in path.values():
        operation.setdefault("security", SECURED)
        operation["responses"].setdefault("429", {"$ref": "#/components/responses/Problem"})

document = {
    "openapi": "3.1.0",
    "info": {"title": "photos serve", "version": "1.0.0",
             "description": "The photo library service: PhotoKit's fetches, changes and change observation over HTTP. "
                            "Errors are application/problem+json. Signed-in (cookie) changes need the X-CSRF-Token header."},
    "paths": paths,
    "components": {
        "schemas": schemas,
        "responses": {"Problem": {"description": "A problem naming the fault",
                                  "content": {"application/problem+json": {"schema": ref("Problem")}}}},
        "securitySchemes": {"bearer": {"type": "http", "scheme": "bearer", "description": "An API token (`photos user token NAME` or POST /api/tokens)"},
                            "session": {"type": "apiKey", "in": "cookie", "name": "photos_session"}},
    },
}

out = os.path.join(os.path.dirname(__file__), "..", "Sources", "LibraryService", "Resources", "openapi.json")
with open(out, "w") as f:
    json.dump(document, f, indent=1, sort_keys=True)
    f.write("\n")
print("wrote", os.path.normpath(out))
