#!/usr/bin/env python3
"""Regenerates the fixtures that are not plain UTF-8 text. Run from this directory:

    python3 generate.py

Binary plists come from the XML ones through plistlib (FMT_BINARY); strings files are
written from LocalizationSources/*.strings in the encodings Xcode projects use.
"""
import os
import plistlib
import struct


def binary_copy(source, target):
    with open(source, "rb") as f:
        value = plistlib.load(f)
    with open(target, "wb") as f:
        plistlib.dump(value, f, fmt=plistlib.FMT_BINARY, sort_keys=False)


def tiny_bplist(root):
    """A bplist00 writer for what plistlib refuses to write: dictionaries with non-string
    keys. Handles ASCII strings, small non-negative integers, lists and dicts."""
    objects = []

    def add(value):
        index = len(objects)
        objects.append(None)
        if isinstance(value, str):
            data = value.encode("ascii")
            assert len(data) < 256
            marker = bytes([0x50 | len(data)]) if len(data) < 15 else bytes([0x5F, 0x10, len(data)])
            objects[index] = marker + data
        elif isinstance(value, int):
            assert 0 <= value < 256
            objects[index] = bytes([0x10, value])
        elif isinstance(value, list):
            refs = [add(v) for v in value]
            objects[index] = bytes([0xA0 | len(refs)] + refs)
        elif isinstance(value, dict):
            keys = [add(k) for k in value]
            values = [add(v) for v in value.values()]
            objects[index] = bytes([0xD0 | len(keys)] + keys + values)
        return index

    add(root)
    assert len(objects) < 256
    body = b"bplist00"
    offsets = []
    for obj in objects:
        offsets.append(len(body))
        body += obj
    table = len(body)
    assert table < 256
    body += bytes(offsets)
    body += struct.pack(">6xBBQQQ", 1, 1, len(objects), 0, table)
    return body


def write_strings(source, target, encoding, bom=b""):
    with open(os.path.join("LocalizationSources", source), encoding="utf-8") as f:
        text = f.read()
    os.makedirs(os.path.dirname(target), exist_ok=True)
    with open(target, "wb") as f:
        f.write(bom + text.encode(encoding))


binary_copy("Info.plist", "Info-binary.plist")
binary_copy("UserInfoTypes.plist", "UserInfoTypes-binary.plist")

with open("Bad/UserInfoIntegerKey-binary.plist", "wb") as f:
    f.write(tiny_bplist({"UIApplicationShortcutItems": [{
        "UIApplicationShortcutItemType": "SearchAction",
        "UIApplicationShortcutItemTitle": "Search",
        "UIApplicationShortcutItemUserInfo": {"ok": "yes", "nested": {1: "one"}},
    }]}))

with open("Bad/IntegerTooLarge-binary.plist", "wb") as f:
    plistlib.dump({"UIApplicationShortcutItems": [{
        "UIApplicationShortcutItemType": "SearchAction",
        "UIApplicationShortcutItemTitle": "Search",
        "UIApplicationShortcutItemUserInfo": {"count": 2**64 - 1},
    }]}, f, fmt=plistlib.FMT_BINARY)

write_strings("fr.strings", "Localizations/fr.lproj/InfoPlist.strings", "utf-16-le", b"\xff\xfe")
write_strings("de.strings", "Localizations/de.lproj/InfoPlist.strings", "utf-8")
write_strings("pt-BR.strings", "Localizations/pt_BR.lproj/InfoPlist.strings", "utf-8", b"\xef\xbb\xbf")
write_strings("zh-Hans.strings", "Localizations/zh-Hans.lproj/InfoPlist.strings", "utf-16-be", b"\xfe\xff")
write_strings("Base.strings", "Localizations/Base.lproj/InfoPlist.strings", "utf-8")
write_strings("de.strings", "Localizations/en.lproj/Localizable.strings", "utf-8")
write_strings("es-bad.strings", "BadLocalizations/es.lproj/InfoPlist.strings", "utf-16-le", b"\xff\xfe")
write_strings("lint-fr.strings", "LintLocalizations/fr.lproj/InfoPlist.strings", "utf-16-le", b"\xff\xfe")
