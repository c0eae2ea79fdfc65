#!/usr/bin/env bash
# Regenerates Sources/QuickActionsAPI/Generated/OpenAPIDocument.swift from openapi.yaml, so the
# binary serves the contract without a resource bundle beside it. A test fails when they differ.
set -euo pipefail
cd "$(dirname "$0")/.."
out=Sources/QuickActionsAPI/Generated/OpenAPIDocument.swift
{
    echo "// swift-format-ignore-file"
    echo "// Generated from openapi.yaml by scripts/embed-openapi.sh: do not edit."
    echo ""
    echo "/// The API contract, served at GET /openapi.yaml."
    echo "enum OpenAPIDocument {"
    echo "    /// The text of openapi.yaml."
    echo '    static let yaml = #"""'
    cat openapi.yaml
    # A multi-line literal drops the newline before its closing delimiter: keep the file's.
    echo ""
    echo '"""#'
    echo "}"
} >"$out.tmp"
mv "$out.tmp" "$out"
