#!/usr/bin/env bash
# Regenerates Sources/QuickActionsAPI/Generated/PreviewAssets.swift from preview/ (the page at
# GET /preview, its script and its style sheet), so the binary serves them without files beside
# it. A test fails when they differ.
set -euo pipefail
cd "$(dirname "$0")/.."
out=Sources/QuickActionsAPI/Generated/PreviewAssets.swift
asset() {
    local name=$1 file=$2
    echo "    /// The text of $file."
    echo "    static let $name = #\"\"\""
    cat "$file"
    echo ""
    echo '"""#'
}
{
    echo "// swift-format-ignore-file"
    echo "// Generated from preview/ by scripts/embed-preview.sh: do not edit."
    echo ""
    echo "/// The preview page's static files, served at GET /preview, /preview/app.js and /preview/app.css."
    echo "enum PreviewAssets {"
    asset html preview/index.html
    asset script preview/app.js
    asset styleSheet preview/app.css
    echo "}"
} >"$out.tmp"
mv "$out.tmp" "$out"
