// swift-format-ignore-file
// Generated from openapi.yaml by scripts/embed-openapi.sh: do not edit.

/// The API contract, served at GET /openapi.yaml.
enum OpenAPIDocument {
    /// The text of openapi.yaml.
    static let yaml = #"""
openapi: 3.0.3
info:
  title: quickactiond
  version: 0.1.0
  description: |
    The state behind an iOS app's Home Screen quick actions: a contacts repository, the
    current `UIApplicationShortcutItem` list (static items from Info.plist, then one dynamic
    `FavoriteAction` per favorite contact), and the triggers a device companion posts when a
    person picks an action.

    Every error is an RFC 9457 `application/problem+json` document.

    Answers every operation shares, listed with each operation where they apply:
    401 without the token (when the service runs with one; not for /healthz and /readyz),
    400 for a request target the server will not guess at (bad percent-encoding, invalid
    UTF-8, a control character in the path) or conflicting framing headers, 413 for a body
    over `--max-body-bytes`, and 503 when the database cannot complete the request.
    Beyond the operations: a path that does not exist is 404, a method a path does not have
    is 405 with `Allow`, and `HEAD` is answered wherever `GET` is. Every answer carries
    `X-Request-Id` (the request's own, when it sends a short visible-ASCII one).

    **Accounts.** By default the service holds one person's state (single-account mode), and
    `bearerAuth` is the service's token when it runs with one. Started with `--accounts` (and
    an admin token), it holds many accounts, each with its own contacts, favorites, shortcut
    list, triggers and events; the static items are shared. Every path stays the same: the
    account token in `Authorization: Bearer` selects the account, so another account's contact
    id answers exactly like one that does not exist (404). The admin token (`adminToken`) manages
    accounts (`/accounts…`, which exist only in this mode) and reads `/metrics`. A credential
    that is valid but of the wrong kind is 403: an account token on `/accounts…` or `/metrics`,
    the admin token on an account's endpoint. Limits per account: `--max-contacts-per-account`
    (403 with `type` `https://quickactiond.dev/problems/contact-quota-exceeded` past it),
    `--rate-limit N` requests per second (429 when spent), `--max-connections-per-account`
    connections and `--max-streams-per-account` open `/events` streams (429 past either; the
    stream limit holds in single-account mode too); with a rate limit, every answer to an
    account token carries `RateLimit-Policy` and `RateLimit`
    (draft-ietf-httpapi-ratelimit-headers).
  license:
    name: MIT
servers:
  - url: http://127.0.0.1:8080
security:
  - bearerAuth: []
tags:
  - name: system
  - name: contacts
  - name: shortcuts
  - name: triggers
  - name: accounts
  - name: scheduled
paths:
  /healthz:
    get:
      operationId: getHealth
      tags: [system]
      summary: Liveness
      description: 200 while the process serves HTTP. Open without a token.
      security: []
      responses:
        "200":
          description: The process is up.
          content:
            application/json:
              schema:
                type: object
                required: [status]
                properties:
                  status:
                    type: string
                    enum: [ok]
        "400":
          $ref: "#/components/responses/BadRequest"
        "413":
          $ref: "#/components/responses/ContentTooLarge"
  /readyz:
    get:
      operationId: getReadiness
      tags: [system]
      summary: Readiness
      description: |
        200 when the database answers and takes writes, 503 otherwise. After a write failed for a
        storage reason (a full disk, an I/O error), readiness stays 503 until a write succeeds
        again: each /readyz then tries a small write of its own (undone in the same transaction).
        Reads keep working meanwhile. On PostgreSQL it answers within 1 s at all times, from what
        is known of the connections, never by waiting on the database: the listener's heartbeat
        (a read of `contacts` under a lock limit of 1 s, every 500 ms) is 503 once unanswered for
        2 s (the database cannot be reached), while it fails (a table locked elsewhere), and once
        three in a row took over 750 ms each (the database is too slow); it is also 503 while the
        last connection attempt failed and while client queries time out (until one succeeds, or
        for 10 s). Open without a token.
      security: []
      responses:
        "200":
          description: Ready to serve.
          content:
            application/json:
              schema:
                type: object
                required: [status]
                properties:
                  status:
                    type: string
                    enum: [ready]
        "400":
          $ref: "#/components/responses/BadRequest"
        "413":
          $ref: "#/components/responses/ContentTooLarge"
        "503":
          description: |
            The database does not answer, or writes fail. The problem's `type` names the cause as
            for any 503 (`…/problems/storage-full`, `…/problems/storage-io-error`,
            `…/problems/storage-timeout`, `…/problems/service-unavailable`).
          headers:
            Retry-After:
              required: true
              description: Seconds before asking again.
              schema:
                type: integer
          content:
            application/problem+json:
              schema:
                $ref: "#/components/schemas/Problem"
  /metrics:
    get:
      operationId: getMetrics
      tags: [system]
      summary: Prometheus metrics
      description: |
        `http_requests_total{route,method,status}` (route is the pattern, `unmatched` when none),
        `http_request_duration_seconds` by route, `triggers_total{type}`, and the gauges
        `contacts`, `favorites`, `shortcut_items` and `event_streams`. In multi-account mode it
        takes the admin token only (an account token is 403); otherwise the service's token. On
        PostgreSQL it never waits on the database: the gauges counted there are read after a
        scrape, off the request, and shown at the next with `store_gauges_age_seconds`.
      security:
        - bearerAuth: []
        - adminToken: []
      responses:
        "200":
          description: Text exposition format 0.0.4.
          content:
            text/plain:
              schema:
                type: string
        "400":
          $ref: "#/components/responses/BadRequest"
        "401":
          $ref: "#/components/responses/Unauthorized"
        "403":
          $ref: "#/components/responses/Forbidden"
        "413":
          $ref: "#/components/responses/ContentTooLarge"
        "503":
          $ref: "#/components/responses/ServiceUnavailable"
  /openapi.yaml:
    get:
      operationId: getOpenAPIDocument
      tags: [system]
      summary: This document
      description: Takes either token in multi-account mode (an account token or the admin token).
      security:
        - bearerAuth: []
        - adminToken: []
      responses:
        "200":
          description: The OpenAPI document, byte for byte as in the repository.
          content:
            application/yaml:
              schema:
                type: object
                required: [openapi, info, paths]
                properties:
                  openapi:
                    type: string
        "400":
          $ref: "#/components/responses/BadRequest"
        "401":
          $ref: "#/components/responses/Unauthorized"
        "413":
          $ref: "#/components/responses/ContentTooLarge"
        "429":
          $ref: "#/components/responses/TooManyRequests"
  /contacts:
    get:
      operationId: listContacts
      tags: [contacts]
      summary: List and search contacts, in creation order
      parameters:
        - name: q
          in: query
          description: |
            Substring of name or email, case- and diacritic-insensitive (`angstrom` finds `Ångström`).
            Empty means no filter. No length limit of its own (an email alone may be 254
            characters); the request head is bounded by `--max-header-bytes`.
          schema:
            type: string
        - name: favorite
          in: query
          schema:
            type: string
            enum: ["true", "false"]
        - name: limit
          in: query
          schema:
            type: integer
            minimum: 1
            maximum: 1000
            default: 100
        - name: cursor
          in: query
          description: |
            The `nextCursor` of the previous page. Treat it as opaque; its shape is fixed (the
            pattern), and any string of another shape is refused with 400.
          schema:
            $ref: "#/components/schemas/ContactCursor"
      responses:
        "200":
          description: One page of contacts.
          content:
            application/json:
              schema:
                $ref: "#/components/schemas/ContactList"
        "400":
          $ref: "#/components/responses/BadRequest"
        "401":
          $ref: "#/components/responses/Unauthorized"
        "403":
          $ref: "#/components/responses/Forbidden"
        "413":
          $ref: "#/components/responses/ContentTooLarge"
        "429":
          $ref: "#/components/responses/TooManyRequests"
        "503":
          $ref: "#/components/responses/ServiceUnavailable"
    post:
      operationId: createContact
      tags: [contacts]
      summary: Create a contact
      requestBody:
        required: true
        content:
          application/json:
            schema:
              $ref: "#/components/schemas/NewContact"
      responses:
        "201":
          description: Created.
          headers:
            Location:
              description: "`/contacts/{id}`"
              schema:
                type: string
            ETag:
              $ref: "#/components/headers/ETag"
          content:
            application/json:
              schema:
                $ref: "#/components/schemas/Contact"
        "400":
          $ref: "#/components/responses/BadRequest"
        "401":
          $ref: "#/components/responses/Unauthorized"
        "403":
          $ref: "#/components/responses/ForbiddenOrContactQuota"
        "413":
          $ref: "#/components/responses/ContentTooLarge"
        "415":
          $ref: "#/components/responses/UnsupportedMediaType"
        "422":
          $ref: "#/components/responses/Unprocessable"
        "429":
          $ref: "#/components/responses/TooManyRequests"
        "503":
          $ref: "#/components/responses/ServiceUnavailable"
  /contacts/{id}:
    parameters:
      - $ref: "#/components/parameters/ContactId"
    get:
      operationId: getContact
      tags: [contacts]
      summary: One contact
      responses:
        "200":
          description: The contact.
          headers:
            ETag:
              $ref: "#/components/headers/ETag"
          content:
            application/json:
              schema:
                $ref: "#/components/schemas/Contact"
        "400":
          $ref: "#/components/responses/BadRequest"
        "401":
          $ref: "#/components/responses/Unauthorized"
        "403":
          $ref: "#/components/responses/Forbidden"
        "404":
          $ref: "#/components/responses/NotFound"
        "413":
          $ref: "#/components/responses/ContentTooLarge"
        "429":
          $ref: "#/components/responses/TooManyRequests"
        "503":
          $ref: "#/components/responses/ServiceUnavailable"
    patch:
      operationId: updateContact
      tags: [contacts]
      summary: Change a contact's name, email, favorite flag or pin
      parameters:
        - $ref: "#/components/parameters/IfMatch"
      requestBody:
        required: true
        content:
          application/json:
            schema:
              $ref: "#/components/schemas/ContactPatch"
      responses:
        "200":
          description: The changed contact.
          headers:
            ETag:
              $ref: "#/components/headers/ETag"
          content:
            application/json:
              schema:
                $ref: "#/components/schemas/Contact"
        "400":
          $ref: "#/components/responses/BadRequest"
        "401":
          $ref: "#/components/responses/Unauthorized"
        "403":
          $ref: "#/components/responses/Forbidden"
        "404":
          $ref: "#/components/responses/NotFound"
        "412":
          $ref: "#/components/responses/PreconditionFailed"
        "413":
          $ref: "#/components/responses/ContentTooLarge"
        "415":
          $ref: "#/components/responses/UnsupportedMediaType"
        "422":
          $ref: "#/components/responses/Unprocessable"
        "429":
          $ref: "#/components/responses/TooManyRequests"
        "503":
          $ref: "#/components/responses/ServiceUnavailable"
    delete:
      operationId: deleteContact
      tags: [contacts]
      summary: Delete a contact
      parameters:
        - $ref: "#/components/parameters/IfMatch"
      responses:
        "204":
          description: Deleted.
        "400":
          $ref: "#/components/responses/BadRequest"
        "401":
          $ref: "#/components/responses/Unauthorized"
        "403":
          $ref: "#/components/responses/Forbidden"
        "404":
          $ref: "#/components/responses/NotFound"
        "412":
          $ref: "#/components/responses/PreconditionFailed"
        "413":
          $ref: "#/components/responses/ContentTooLarge"
        "429":
          $ref: "#/components/responses/TooManyRequests"
        "503":
          $ref: "#/components/responses/ServiceUnavailable"
  /contacts/{id}/favorite:
    parameters:
      - $ref: "#/components/parameters/ContactId"
    post:
      operationId: favoriteContact
      tags: [contacts]
      summary: Mark a favorite (idempotent); its FavoriteAction joins the shortcut list
      parameters:
        - $ref: "#/components/parameters/IfMatch"
      responses:
        "200":
          description: The contact, now a favorite.
          headers:
            ETag:
              $ref: "#/components/headers/ETag"
          content:
            application/json:
              schema:
                $ref: "#/components/schemas/Contact"
        "400":
          $ref: "#/components/responses/BadRequest"
        "401":
          $ref: "#/components/responses/Unauthorized"
        "403":
          $ref: "#/components/responses/Forbidden"
        "404":
          $ref: "#/components/responses/NotFound"
        "412":
          $ref: "#/components/responses/PreconditionFailed"
        "413":
          $ref: "#/components/responses/ContentTooLarge"
        "429":
          $ref: "#/components/responses/TooManyRequests"
        "503":
          $ref: "#/components/responses/ServiceUnavailable"
    delete:
      operationId: unfavoriteContact
      tags: [contacts]
      summary: Clear the favorite flag (idempotent)
      parameters:
        - $ref: "#/components/parameters/IfMatch"
      responses:
        "200":
          description: The contact, no longer a favorite.
          headers:
            ETag:
              $ref: "#/components/headers/ETag"
          content:
            application/json:
              schema:
                $ref: "#/components/schemas/Contact"
        "400":
          $ref: "#/components/responses/BadRequest"
        "401":
          $ref: "#/components/responses/Unauthorized"
        "403":
          $ref: "#/components/responses/Forbidden"
        "404":
          $ref: "#/components/responses/NotFound"
        "412":
          $ref: "#/components/responses/PreconditionFailed"
        "413":
          $ref: "#/components/responses/ContentTooLarge"
        "429":
          $ref: "#/components/responses/TooManyRequests"
        "503":
          $ref: "#/components/responses/ServiceUnavailable"
  /contacts/{id}/vcard:
    parameters:
      - $ref: "#/components/parameters/ContactId"
    get:
      operationId: getContactVCard
      tags: [contacts]
      summary: The contact as a vCard 3.0 (what the Share action hands on)
      responses:
        "200":
          description: vCard 3.0 with FN, N and EMAIL.
          headers:
            ETag:
              $ref: "#/components/headers/ETag"
            Content-Disposition:
              description: "`inline`, with a `.vcf` file name made from the contact's name."
              schema:
                type: string
          content:
            text/vcard:
              schema:
                type: string
        "400":
          $ref: "#/components/responses/BadRequest"
        "401":
          $ref: "#/components/responses/Unauthorized"
        "403":
          $ref: "#/components/responses/Forbidden"
        "404":
          $ref: "#/components/responses/NotFound"
        "413":
          $ref: "#/components/responses/ContentTooLarge"
        "429":
          $ref: "#/components/responses/TooManyRequests"
        "503":
          $ref: "#/components/responses/ServiceUnavailable"
  /shortcuts:
    get:
      operationId: listShortcuts
      tags: [shortcuts]
      summary: The current quick-action list
      description: |
        Static items first (in Info.plist order), then one dynamic `FavoriteAction` per
        favorite contact in creation order. Field names follow `UIApplicationShortcutItem`.
        Every item says whether the Home Screen shows it (`visible`: the first four).

        `Accept: application/x-plist` gives an XML property list whose root dictionary holds
        `UIApplicationShortcutItems` with the Info.plist keys, ready for `PropertyListDecoder`.
        `Accept-Language` picks a translation of the static titles and subtitles from
        `--localizations` (`fr-CH` falls back to `fr`); dynamic titles are never translated.
        As on iOS, a request with no language the app has gets the development region's
        table (`CFBundleDevelopmentRegion`), else a String Catalog's source language, else
        `Base.lproj`, else the Info.plist's own text.

        The strong `ETag` is derived from the representation's bytes: it changes exactly when
        the list (in that language and format) changes, and is the same after a restart. The
        JSON body's `version` is the ETag without its quotes. `If-None-Match` gives 304.

        `platform=android` gives the same list as Android app shortcuts (`AndroidShortcutList`,
        shaped like `ShortcutInfoCompat`), `platform=web` as a web app manifest's `shortcuts`
        member (`WebShortcutList`), both JSON only, with `--platforms`' mapping applied and each
        platform's rules in `warnings` (see docs/platforms.md). Each is cached, negotiated and
        revalidated like the iOS list, and rendered on its first request after a change.
      parameters:
        - name: visible
          in: query
          description: |
            `true`: only the items the platform shows: the Home Screen's first four; an Android
            launcher's first `--android-max-shortcuts` (4) enabled shortcuts, static first; the
            web's first four (Chrome on Android's).
          schema:
            type: string
            enum: ["true", "false"]
        - name: platform
          in: query
          description: Whose form the list takes (default ios).
          schema:
            type: string
            enum: [ios, android, web]
            default: ios
        - name: explain
          in: query
          description: >-
            `true`: each dynamic item gains `explain`, the reason for its place (iOS's JSON list and
            Android's; the web's `shortcuts` member has no place for it and is sent plain). The list is
            then read and built for the request: no `ETag`, `Cache-Control: no-store`.
          schema:
            type: string
            enum: ["true", "false"]
        - name: include
          in: query
          description: >-
            `disabled`: after the items, the favorites' items that left the list within
            `--disabled-retention` (unfavorited or deleted; at most `--max-disabled-items` per account,
            the newest), each `enabled: false` with a localized
            `disabledMessage` (iOS's JSON list; Android's lists them as shortcuts with `enabled: false`,
            labelled with the message; the web's member has no disabled shortcuts and is sent plain;
            no `ETag`, `Cache-Control: no-store`).
          schema:
            type: string
            enum: [disabled]
        - name: Accept-Language
          in: header
          description: Only the first 32 language ranges are read; the rest of the field is ignored.
          schema:
            type: string
        - name: If-None-Match
          in: header
          schema:
            type: string
      responses:
        "200":
          description: The list.
          headers:
            Cache-Control:
              description: "`no-store` on a list with `explain` or `include`."
              schema:
                type: string
            Warning:
              description: |
                `110 - "Response is Stale"` (RFC 7234's code) when the list was served from memory
                while this instance does not hear the other instances' changes (PostgreSQL: its
                listener lost its connection, noticed within 6 s of a silent cut); it may miss
                changes made through them. Absent otherwise.
              schema:
                type: string
            ETag:
              $ref: "#/components/headers/ETag"
            Content-Language:
              description: |
                The language whose table supplied the titles; the development region for
                `Base.lproj` or the Info.plist's own text. With `include=disabled`, the
                disabled items' messages' language follows when it differs (`en, fr`): the
                app may not translate to a language that has built-in messages.
              schema:
                type: string
            Vary:
              schema:
                type: string
          content:
            application/json:
              schema:
                anyOf:
                  - $ref: "#/components/schemas/ShortcutList"
                  - $ref: "#/components/schemas/AndroidShortcutList"
                  - $ref: "#/components/schemas/WebShortcutList"
            application/x-plist:
              schema:
                type: string
        "304":
          description: The list has not changed since the `If-None-Match` validator.
        "400":
          $ref: "#/components/responses/BadRequest"
        "401":
          $ref: "#/components/responses/Unauthorized"
        "403":
          $ref: "#/components/responses/Forbidden"
        "406":
          description: |
            The Accept header allows neither application/json nor application/x-plist (for
            `platform=android` or `web`: does not allow application/json).
          content:
            application/problem+json:
              schema:
                $ref: "#/components/schemas/Problem"
        "413":
          $ref: "#/components/responses/ContentTooLarge"
        "429":
          $ref: "#/components/responses/TooManyRequests"
        "503":
          $ref: "#/components/responses/ServiceUnavailable"
  /shortcuts/preview.svg:
    get:
      operationId: getShortcutsPreview
      tags: [shortcuts]
      summary: The quick-action menu as a picture (SVG)
      description: |
        The menu as a long press on the app icon shows it: the visible items, each with its title,
        subtitle and icon glyph, then the items iOS adds after the app's (Edit Home Screen, Share
        App, Remove App in red), greyed and apart, so the picture is as tall as the device's menu;
        and the app icon with its name. Opening above the icon (`placement=above`, the default,
        for an icon in the dock or the lower half of the screen), the whole menu is reversed so
        the first item is nearest the icon; `placement=below` draws the icon, then the menu in
        order. The system items' labels follow the language for English, French, German, Spanish
        and Italian, and are English otherwise. `platform=android` draws a launcher's popup
        instead: the shortcuts a launcher shows (as `visible` in the Android list: the first four
        enabled, static first), each with its long label when it fits the popup on one line, else
        its short label, and no system items. A title with a
        subtitle takes one line, a title alone up to two; a line that does not fit is cut at its
        tail with "…", measured with DejaVu Sans's advance widths (the font the picture asks for
        first). All 29 system icon types have a glyph of this project's own; an SF Symbol name or
        a template image gets a neutral one. Titles are XML-escaped text; the document has no
        external references and is sent with a Content-Security-Policy that runs nothing.

        The language is negotiated as for `GET /shortcuts`, from `lang` when given, else from
        `Accept-Language`. The picture carries the list's `version` in that language
        (`data-list-version`), so its strong `ETag` changes exactly when that list changes;
        `If-None-Match` gives 304.
      parameters:
        - name: appearance
          in: query
          description: Light (the default) or dark.
          schema:
            type: string
            enum: [light, dark]
            default: light
        - name: placement
          in: query
          description: |
            Where the menu opens: `above` the icon (the default; the menu reversed, first item
            nearest the icon) or `below` it (the icon first, then the menu in order).
          schema:
            type: string
            enum: [above, below]
            default: above
        - name: platform
          in: query
          description: "`ios` (the default): the Home Screen menu; `android`: a launcher's shortcut popup."
          schema:
            type: string
            enum: [ios, android]
            default: ios
        - name: lang
          in: query
          description: A language range, as in `Accept-Language` (which it overrides), e.g. `fr` or `pt-BR`.
          schema:
            type: string
            minLength: 1
            maxLength: 64
        - name: warnings
          in: query
          description: |
            `true`: mark each HIG finding about a drawn item on its row, with a numbered legend below:
            at most 20 findings (those about the drawn items and the whole list first, numbered by
            their place in the list's `warnings`), then a line saying how many more there are.
          schema:
            type: string
            enum: ["true", "false"]
        - name: Accept-Language
          in: header
          schema:
            type: string
        - name: If-None-Match
          in: header
          schema:
            type: string
      responses:
        "200":
          description: The picture.
          headers:
            ETag:
              $ref: "#/components/headers/ETag"
            Content-Language:
              description: The language whose table supplied the titles, as for `GET /shortcuts`.
              schema:
                type: string
            Vary:
              schema:
                type: string
          content:
            image/svg+xml:
              schema:
                type: string
        "304":
          description: The picture has not changed since the `If-None-Match` validator.
        "400":
          $ref: "#/components/responses/BadRequest"
        "401":
          $ref: "#/components/responses/Unauthorized"
        "403":
          $ref: "#/components/responses/Forbidden"
        "413":
          $ref: "#/components/responses/ContentTooLarge"
        "429":
          $ref: "#/components/responses/TooManyRequests"
        "503":
          $ref: "#/components/responses/ServiceUnavailable"
  /shortcuts/android/res.zip:
    get:
      operationId: getAndroidResources
      tags: [shortcuts]
      summary: The static items as an Android res/ folder (ZIP)
      description: |
        The files `quickactiond export android` writes, in one ZIP archive (stored entries):
        `res/xml/shortcuts.xml` (labels as `@string/` references),
        `res/values/quickactions_strings.xml` and one
        `res/values-<qualifier>/quickactions_strings.xml` per other language (beside the app's
        own `strings.xml`), and a vector drawable `res/drawable/qa_icon_<type>.xml` per system
        icon type used, each starting with the export's marker comment. The same for every account (the favorites are not in it). The
        strong `ETag` hashes the archive; `If-None-Match` gives 304.
      parameters:
        - name: If-None-Match
          in: header
          schema:
            type: string
      responses:
        "200":
          description: The archive.
          headers:
            ETag:
              $ref: "#/components/headers/ETag"
            Content-Disposition:
              schema:
                type: string
          content:
            application/zip:
              schema:
                type: string
                format: binary
        "304":
          description: The archive has not changed since the `If-None-Match` validator.
        "400":
          $ref: "#/components/responses/BadRequest"
        "401":
          $ref: "#/components/responses/Unauthorized"
        "403":
          $ref: "#/components/responses/Forbidden"
        "409":
          description: The static items cannot be written as Android resources (the problem names the item).
          content:
            application/problem+json:
              schema:
                $ref: "#/components/schemas/Problem"
        "413":
          $ref: "#/components/responses/ContentTooLarge"
        "429":
          $ref: "#/components/responses/TooManyRequests"
        "503":
          $ref: "#/components/responses/ServiceUnavailable"
  /preview:
    get:
      operationId: getPreviewPage
      tags: [shortcuts]
      summary: The live preview page (HTML)
      description: |
        A static page (no framework, no build step) that shows the menu from
        `/shortcuts/preview.svg` (with switches for its `platform` and `placement`; the page
        itself takes no query parameter), follows `/events`, and lists the items, the HIG warnings, the
        contacts (search, favorite, create, edit, delete) and recent triggers. All its data comes
        from the public API with the token, which the page asks for once and keeps for the tab
        (sessionStorage). The page and its two files hold no data, so they are open without a
        token. Sent with a strict Content-Security-Policy (own script and style only, no inline
        script, no eval, no other origin).
      security: []
      responses:
        "200":
          description: The page.
          content:
            text/html:
              schema:
                type: string
        "400":
          $ref: "#/components/responses/BadRequest"
        "413":
          $ref: "#/components/responses/ContentTooLarge"
  /preview/app.js:
    get:
      operationId: getPreviewScript
      tags: [shortcuts]
      summary: The preview page's script
      security: []
      responses:
        "200":
          description: The script.
          content:
            text/javascript:
              schema:
                type: string
        "400":
          $ref: "#/components/responses/BadRequest"
        "413":
          $ref: "#/components/responses/ContentTooLarge"
  /preview/app.css:
    get:
      operationId: getPreviewStyleSheet
      tags: [shortcuts]
      summary: The preview page's style sheet
      security: []
      responses:
        "200":
          description: The style sheet.
          content:
            text/css:
              schema:
                type: string
        "400":
          $ref: "#/components/responses/BadRequest"
        "413":
          $ref: "#/components/responses/ContentTooLarge"
  /scheduled-items:
    get:
      operationId: listScheduledItems
      tags: [scheduled]
      summary: The scheduled items not deleted, in list order
      description: >-
        Items that show in the shortcut lists for a time window, after the static items and before the
        favorites (see `docs/ranking.md`). Single-account mode: the token. With `--accounts`: the admin
        token only (an account token gets `403`).
      responses:
        "200":
          description: Every item not deleted (ended ones too, until purged), by `from`, then creation.
          content:
            application/json:
              schema:
                $ref: "#/components/schemas/ScheduledItemList"
        "400":
          $ref: "#/components/responses/BadRequest"
        "401":
          $ref: "#/components/responses/Unauthorized"
        "403":
          $ref: "#/components/responses/Forbidden"
        "413":
          $ref: "#/components/responses/ContentTooLarge"
        "429":
          $ref: "#/components/responses/TooManyRequests"
        "503":
          $ref: "#/components/responses/ServiceUnavailable"
    post:
      operationId: createScheduledItem
      tags: [scheduled]
      summary: Schedule an item
      description: >-
        The lists change at `from` and at `until` with no request needed (a new version and a `shortcuts`
        event for each account whose list changed). At most 100 items not yet ended in one account's list
        (`422` `…/problems/scheduled-item-limit-exceeded`, with `field: scheduledItems` and `limit`).
      requestBody:
        required: true
        content:
          application/json:
            schema:
              $ref: "#/components/schemas/NewScheduledItem"
      responses:
        "201":
          description: Created.
          headers:
            Location:
              description: "`/scheduled-items/{id}`"
              schema:
                type: string
            ETag:
              $ref: "#/components/headers/ETag"
          content:
            application/json:
              schema:
                $ref: "#/components/schemas/ScheduledItem"
        "400":
          $ref: "#/components/responses/BadRequest"
        "401":
          $ref: "#/components/responses/Unauthorized"
        "403":
          $ref: "#/components/responses/Forbidden"
        "413":
          $ref: "#/components/responses/ContentTooLarge"
        "415":
          $ref: "#/components/responses/UnsupportedMediaType"
        "422":
          $ref: "#/components/responses/ScheduledItemUnprocessable"
        "429":
          $ref: "#/components/responses/TooManyRequests"
        "503":
          $ref: "#/components/responses/ServiceUnavailable"
  /scheduled-items/{id}:
    parameters:
      - $ref: "#/components/parameters/ScheduledItemId"
    get:
      operationId: getScheduledItem
      tags: [scheduled]
      summary: One scheduled item
      responses:
        "200":
          description: The item.
          headers:
            ETag:
              $ref: "#/components/headers/ETag"
          content:
            application/json:
              schema:
                $ref: "#/components/schemas/ScheduledItem"
        "400":
          $ref: "#/components/responses/BadRequest"
        "401":
          $ref: "#/components/responses/Unauthorized"
        "403":
          $ref: "#/components/responses/Forbidden"
        "404":
          $ref: "#/components/responses/NotFound"
        "413":
          $ref: "#/components/responses/ContentTooLarge"
        "429":
          $ref: "#/components/responses/TooManyRequests"
        "503":
          $ref: "#/components/responses/ServiceUnavailable"
    patch:
      operationId: updateScheduledItem
      tags: [scheduled]
      summary: Change a scheduled item
      parameters:
        - $ref: "#/components/parameters/IfMatch"
      requestBody:
        required: true
        content:
          application/json:
            schema:
              $ref: "#/components/schemas/ScheduledItemPatch"
      responses:
        "200":
          description: The changed item.
          headers:
            ETag:
              $ref: "#/components/headers/ETag"
          content:
            application/json:
              schema:
                $ref: "#/components/schemas/ScheduledItem"
        "400":
          $ref: "#/components/responses/BadRequest"
        "401":
          $ref: "#/components/responses/Unauthorized"
        "403":
          $ref: "#/components/responses/Forbidden"
        "404":
          $ref: "#/components/responses/NotFound"
        "412":
          $ref: "#/components/responses/PreconditionFailed"
        "413":
          $ref: "#/components/responses/ContentTooLarge"
        "415":
          $ref: "#/components/responses/UnsupportedMediaType"
        "422":
          $ref: "#/components/responses/ScheduledItemUnprocessable"
        "429":
          $ref: "#/components/responses/TooManyRequests"
        "503":
          $ref: "#/components/responses/ServiceUnavailable"
    delete:
      operationId: deleteScheduledItem
      tags: [scheduled]
      summary: Delete a scheduled item
      description: >-
        It leaves the lists at once. A device that still shows it gets its triggers accepted for
        `--stale-window`, and `include=disabled` lists it as ended for `--disabled-retention`.
      parameters:
        - $ref: "#/components/parameters/IfMatch"
      responses:
        "204":
          description: Deleted.
        "400":
          $ref: "#/components/responses/BadRequest"
        "401":
          $ref: "#/components/responses/Unauthorized"
        "403":
          $ref: "#/components/responses/Forbidden"
        "404":
          $ref: "#/components/responses/NotFound"
        "412":
          $ref: "#/components/responses/PreconditionFailed"
        "413":
          $ref: "#/components/responses/ContentTooLarge"
        "429":
          $ref: "#/components/responses/TooManyRequests"
        "503":
          $ref: "#/components/responses/ServiceUnavailable"
  /trigger:
    post:
      operationId: postTrigger
      tags: [triggers]
      summary: A person picked a quick action
      description: |
        Processed exactly once per `Idempotency-Key`: the first request is processed and, when
        it succeeds, its answer stored (with the trigger, in one durable transaction); a retry
        with the same body gets the stored answer (same `id`, same status, header
        `Idempotent-Replayed: true`) and is not recorded again; the same key with another body
        is 422. Concurrent duplicates are recorded once: each gets the answer of the one that was
        stored (same `id`; all but that one with `Idempotent-Replayed: true`).
        Error answers are not stored, so a client may fix the request and retry with the key.
        Answers are kept for `--idempotency-ttl` (24 h by default).
      parameters:
        - name: Idempotency-Key
          in: header
          required: false
          description: 1-255 visible ASCII characters; one per picked action, reused on retries.
          schema:
            type: string
            minLength: 1
            maxLength: 255
            pattern: "^[\\x21-\\x7E]+$"
      requestBody:
        required: true
        content:
          application/json:
            schema:
              $ref: "#/components/schemas/TriggerRequest"
      responses:
        "200":
          description: What the action leads to.
          headers:
            Idempotent-Replayed:
              description: "`true` when this is the stored answer to an earlier request with the same Idempotency-Key."
              schema:
                type: string
                enum: ["true"]
          content:
            application/json:
              schema:
                $ref: "#/components/schemas/TriggerResult"
        "400":
          $ref: "#/components/responses/BadRequest"
        "401":
          $ref: "#/components/responses/Unauthorized"
        "403":
          $ref: "#/components/responses/Forbidden"
        "409":
          description: "`userInfo.Name` matches several contacts: send `userInfo.contactId` to say which."
          content:
            application/problem+json:
              schema:
                $ref: "#/components/schemas/Problem"
        "410":
          description: |
            The contact that `userInfo.contactId` or `userInfo.Name` names is gone (deleted, or never
            existed); the device's items are stale and it should fetch the `refresh` link (/shortcuts).
            The problem's `disabledMessage` is the text to show on the stale item ("This contact was
            deleted"), in the request's language (`Accept-Language`). A scheduled item's trigger (its
            `userInfo.scheduledItemId`) gets this answer before the item's window, and once it left the list
            (ended or deleted) more than `--stale-window` ago ("This action is no longer available").
          content:
            application/problem+json:
              schema:
                $ref: "#/components/schemas/Problem"
        "413":
          $ref: "#/components/responses/ContentTooLarge"
        "415":
          $ref: "#/components/responses/UnsupportedMediaType"
        "422":
          description: |
            The type is neither a configured static type nor `FavoriteAction`, a `FavoriteAction`
            names no contact, a field holds a control character (the problem's `field` names it:
            `type`, `launch`, `deviceId` or `userInfo`), or the Idempotency-Key was already used
            with a different body. Nothing is stored, so the Idempotency-Key stays free.
          content:
            application/problem+json:
              schema:
                $ref: "#/components/schemas/Problem"
        "429":
          $ref: "#/components/responses/TooManyRequests"
        "503":
          $ref: "#/components/responses/ServiceUnavailable"
  /triggers:
    get:
      operationId: listTriggers
      tags: [triggers]
      summary: Trigger history, newest first
      parameters:
        - name: limit
          in: query
          schema:
            type: integer
            minimum: 1
            maximum: 1000
            default: 100
        - name: type
          in: query
          schema:
            type: string
        - name: contactId
          in: query
          schema:
            type: string
      responses:
        "200":
          description: Accepted triggers.
          content:
            application/json:
              schema:
                type: object
                required: [triggers]
                properties:
                  triggers:
                    type: array
                    items:
                      $ref: "#/components/schemas/TriggerRecord"
        "400":
          $ref: "#/components/responses/BadRequest"
        "401":
          $ref: "#/components/responses/Unauthorized"
        "403":
          $ref: "#/components/responses/Forbidden"
        "413":
          $ref: "#/components/responses/ContentTooLarge"
        "429":
          $ref: "#/components/responses/TooManyRequests"
        "503":
          $ref: "#/components/responses/ServiceUnavailable"
  /triggers/stats:
    get:
      operationId: getTriggerStats
      tags: [triggers]
      summary: Usage counts per type and per contact
      responses:
        "200":
          description: What people use (what Android's reportShortcutUsed records).
          content:
            application/json:
              schema:
                $ref: "#/components/schemas/TriggerStats"
        "400":
          $ref: "#/components/responses/BadRequest"
        "401":
          $ref: "#/components/responses/Unauthorized"
        "403":
          $ref: "#/components/responses/Forbidden"
        "413":
          $ref: "#/components/responses/ContentTooLarge"
        "429":
          $ref: "#/components/responses/TooManyRequests"
        "503":
          $ref: "#/components/responses/ServiceUnavailable"
  /events:
    get:
      operationId: streamEvents
      tags: [shortcuts, triggers]
      summary: Live updates (Server-Sent Events)
      description: |
        `text/event-stream`. On connect, an event `shortcuts` with the current list (the same
        body as `GET /shortcuts`, with its `version`); then `shortcuts` whenever the list changes
        (a favorite set, cleared, renamed or deleted) and `trigger` for every accepted trigger.
        Every event has an `id:`; a `: heartbeat` comment comes at least every 15 s. A client
        that falls more than 256 KiB behind is disconnected and should reconnect. An account (in
        single-account mode, the one) has at most `--max-streams-per-account` streams open, 8 by
        default: the next is a 429 until one ends.

        **Event ids and resuming.** Ids are decimal integers from one sequence kept in the
        database: a `trigger` event's id is the trigger's place in the trigger log, and each
        `shortcuts` event takes the next unused number of the same sequence. Ids are given in
        commit order, on every instance sharing the database, and trigger events are sent from
        the log in its order: so ids only increase along every stream (gaps are normal), survive
        restarts, and are never given twice, and no trigger is ever stored later with an id below
        one a stream has sent. A client that reconnects
        with the last id it saw as `Last-Event-ID` (browsers' `EventSource` does so by itself)
        first gets, in order and with their original ids, the `trigger` events accepted after
        that id, then the current list as a `shortcuts` event, then live events: no trigger is
        missed and none is sent twice. A replayed trigger event carries the members the log
        keeps (`id`, `type`, `message`, `receivedAt`, `launch`, and `contactId` when it resolved
        to one), not the `contact` and `link` a live one has. An id the log cannot resume from
        gets just the list: one older than what is kept (`--trigger-retention` purged triggers
        after it), one never given, one not a number, or more than 500 triggers behind (read
        `GET /triggers` instead). A `shortcuts` event sent while the database cannot be written
        has no `id:`, which leaves the client's `Last-Event-ID` where it was (still correct).
      parameters:
        - name: Last-Event-ID
          in: header
          required: false
          description: |
            The `id` of the last event the client received on an earlier connection: the
            triggers accepted after it are replayed before the current list.
          schema:
            type: string
            example: "42"
      responses:
        "200":
          description: The event stream; it stays open.
          content:
            text/event-stream:
              schema:
                type: string
        "400":
          $ref: "#/components/responses/BadRequest"
        "401":
          $ref: "#/components/responses/Unauthorized"
        "403":
          $ref: "#/components/responses/Forbidden"
        "413":
          $ref: "#/components/responses/ContentTooLarge"
        "429":
          $ref: "#/components/responses/TooManyRequests"
        "503":
          description: |
            As for any request that needs the database (`ServiceUnavailable`); or, on PostgreSQL,
            `https://quickactiond.dev/problems/change-feed-lost`: this instance does not hear the
            other instances' changes now (its listener is reconnecting), so it opens no stream.
            Resume with `Last-Event-ID` after `Retry-After`, here or on another instance. An open
            stream ends when its instance loses the change feed in the same way (its `retry:`
            field gave the pause).
          headers:
            Retry-After:
              required: true
              description: Seconds to wait before resuming.
              schema:
                type: integer
          content:
            application/problem+json:
              schema:
                $ref: "#/components/schemas/Problem"
  /accounts:
    get:
      operationId: listAccounts
      tags: [accounts]
      summary: List accounts, in creation order
      description: Admin token only. The list holds no tokens.
      security:
        - adminToken: []
      parameters:
        - name: limit
          in: query
          schema:
            type: integer
            minimum: 1
            maximum: 1000
            default: 100
        - name: cursor
          in: query
          description: |
            The `nextCursor` of the previous page. Treat it as opaque; its shape is fixed (the
            pattern), and any string of another shape is refused with 400.
          schema:
            $ref: "#/components/schemas/AccountCursor"
      responses:
        "200":
          description: One page of accounts.
          content:
            application/json:
              schema:
                $ref: "#/components/schemas/AccountList"
        "400":
          $ref: "#/components/responses/BadRequest"
        "401":
          $ref: "#/components/responses/Unauthorized"
        "403":
          $ref: "#/components/responses/Forbidden"
        "413":
          $ref: "#/components/responses/ContentTooLarge"
        "503":
          $ref: "#/components/responses/ServiceUnavailable"
    post:
      operationId: createAccount
      tags: [accounts]
      summary: Create an account and its first token
      description: |
        Admin token only. The answer is the only place the token is ever shown: the server keeps
        only its SHA-256 digest. Send it as `Authorization: Bearer <token>` to act as the account.
      security:
        - adminToken: []
      requestBody:
        required: true
        content:
          application/json:
            schema:
              $ref: "#/components/schemas/NewAccount"
      responses:
        "201":
          description: Created.
          headers:
            Location:
              description: "`/accounts/{id}`"
              schema:
                type: string
          content:
            application/json:
              schema:
                $ref: "#/components/schemas/AccountWithToken"
        "400":
          $ref: "#/components/responses/BadRequest"
        "401":
          $ref: "#/components/responses/Unauthorized"
        "403":
          $ref: "#/components/responses/Forbidden"
        "413":
          $ref: "#/components/responses/ContentTooLarge"
        "415":
          $ref: "#/components/responses/UnsupportedMediaType"
        "422":
          $ref: "#/components/responses/Unprocessable"
        "503":
          $ref: "#/components/responses/ServiceUnavailable"
  /accounts/{id}:
    parameters:
      - $ref: "#/components/parameters/AccountId"
    get:
      operationId: getAccount
      tags: [accounts]
      summary: One account
      description: Admin token only.
      security:
        - adminToken: []
      responses:
        "200":
          description: The account.
          content:
            application/json:
              schema:
                $ref: "#/components/schemas/Account"
        "400":
          $ref: "#/components/responses/BadRequest"
        "401":
          $ref: "#/components/responses/Unauthorized"
        "403":
          $ref: "#/components/responses/Forbidden"
        "404":
          $ref: "#/components/responses/AccountNotFound"
        "413":
          $ref: "#/components/responses/ContentTooLarge"
        "503":
          $ref: "#/components/responses/ServiceUnavailable"
    delete:
      operationId: deleteAccount
      tags: [accounts]
      summary: Delete an account and everything it holds
      description: |
        Admin token only. Its contacts, triggers and idempotency records go in one transaction,
        its token stops working at once, and its open `/events` streams are closed.
      security:
        - adminToken: []
      responses:
        "204":
          description: Deleted.
        "400":
          $ref: "#/components/responses/BadRequest"
        "401":
          $ref: "#/components/responses/Unauthorized"
        "403":
          $ref: "#/components/responses/Forbidden"
        "404":
          $ref: "#/components/responses/AccountNotFound"
        "413":
          $ref: "#/components/responses/ContentTooLarge"
        "503":
          $ref: "#/components/responses/ServiceUnavailable"
  /accounts/{id}/token:
    parameters:
      - $ref: "#/components/parameters/AccountId"
    post:
      operationId: rotateAccountToken
      tags: [accounts]
      summary: Replace the account's token
      description: |
        Admin token only. The new token is shown once; the old one is refused from this moment
        on, on open keep-alive connections too, and its open `/events` streams are closed.
      security:
        - adminToken: []
      responses:
        "200":
          description: The new token.
          content:
            application/json:
              schema:
                $ref: "#/components/schemas/AccountToken"
        "400":
          $ref: "#/components/responses/BadRequest"
        "401":
          $ref: "#/components/responses/Unauthorized"
        "403":
          $ref: "#/components/responses/Forbidden"
        "404":
          $ref: "#/components/responses/AccountNotFound"
        "413":
          $ref: "#/components/responses/ContentTooLarge"
        "503":
          $ref: "#/components/responses/ServiceUnavailable"
components:
  securitySchemes:
    bearerAuth:
      type: http
      scheme: bearer
      description: |
        Single-account mode: the service's token, required when it runs with --token, --token-file
        or QUICKACTIOND_TOKEN. Multi-account mode (--accounts): an account's token (`qa_` and 36
        letters and digits, as `POST /accounts` gave it), which also selects the account.
    adminToken:
      type: http
      scheme: bearer
      description: |
        Multi-account mode only: the admin token of --admin-token, --admin-token-file or
        QUICKACTIOND_ADMIN_TOKEN. It manages accounts and reads /metrics, and is refused (403) on
        an account's endpoints.
  parameters:
    AccountId:
      name: id
      in: path
      required: true
      description: The account's id, as the server issued it (20 lower-case base32 characters, or `default`).
      schema:
        $ref: "#/components/schemas/AccountIdentifier"
    ContactId:
      name: id
      in: path
      required: true
      description: The contact's id, as the server issued it (20 lower-case base32 characters).
      schema:
        $ref: "#/components/schemas/ContactIdentifier"
    ScheduledItemId:
      name: id
      in: path
      required: true
      description: The scheduled item's id, as the server issued it (20 lower-case base32 characters).
      schema:
        $ref: "#/components/schemas/ContactIdentifier"
    IfMatch:
      name: If-Match
      in: header
      required: false
      description: |
        The contact's `ETag` (`"<id>.<revision>"`), or `*`. Any other value, including the ETag of
        an earlier revision, is stale: the answer is 412 with the current `ETag`, and nothing changes.
      schema:
        type: string
  headers:
    ETag:
      description: Strong entity tag.
      schema:
        type: string
  responses:
    BadRequest:
      description: |
        Malformed JSON, a wrong JSON type, an unknown field, a bad or unknown query parameter or
        one given more than once (every query parameter takes one value; the problem's `parameter`
        names it), a malformed header, or a request target the server refuses to guess at (bad
        percent-encoding, invalid UTF-8, a control character in the path).
      content:
        application/problem+json:
          schema:
            $ref: "#/components/schemas/Problem"
    NotFound:
      description: No such contact.
      content:
        application/problem+json:
          schema:
            $ref: "#/components/schemas/Problem"
    PreconditionFailed:
      description: The `If-Match` validator is stale; nothing changed.
      headers:
        ETag:
          description: The contact's current entity tag.
          schema:
            type: string
      content:
        application/problem+json:
          schema:
            $ref: "#/components/schemas/Problem"
    ContentTooLarge:
      description: The body is over `--max-body-bytes` (checked for every request, whatever its method).
      content:
        application/problem+json:
          schema:
            $ref: "#/components/schemas/Problem"
    UnsupportedMediaType:
      description: The body is not `application/json`.
      content:
        application/problem+json:
          schema:
            $ref: "#/components/schemas/Problem"
    Unprocessable:
      description: |
        A value breaks a rule (empty or long name, malformed email, a control character, unknown
        action type): the problem's `field` names the field. Nothing was stored, and sending the
        same value again cannot succeed.
      content:
        application/problem+json:
          schema:
            $ref: "#/components/schemas/Problem"
    ScheduledItemUnprocessable:
      description: |
        A value breaks a rule, and the problem's `field` names it: `until` not after `from`, or
        already past (`until`); a `type` that is a static item's or `FavoriteAction` (`type`); an empty,
        long or control-character text, or a bad language tag (`title`, `subtitle`); `userInfo` that
        sets `scheduledItemId` or is not property-list data (`userInfo`); `accounts` without
        `--accounts`, or naming an id that is no account's (`accounts`); a field of the wrong JSON type
        (that field). Nothing was stored. Past the limit of 100 items not yet ended in one account's
        list, counted in the transaction that stores the item, the problem's `type` is
        `https://quickactiond.dev/problems/scheduled-item-limit-exceeded`, its `field`
        `scheduledItems` and its `limit` the limit.
      content:
        application/problem+json:
          schema:
            $ref: "#/components/schemas/Problem"
    Unauthorized:
      description: |
        The service runs with a token and the request has no `Authorization: Bearer <token>` header,
        or a token it does not know (in multi-account mode: neither an account's nor the admin token). Every path but /healthz and /readyz answers this before routing.
        A write of an account deleted while the write was in progress gets this answer too, and stores nothing.
      headers:
        WWW-Authenticate:
          required: true
          schema:
            type: string
            enum: ['Bearer realm="quickactiond"']
      content:
        application/problem+json:
          schema:
            $ref: "#/components/schemas/Problem"
    AccountNotFound:
      description: No such account.
      content:
        application/problem+json:
          schema:
            $ref: "#/components/schemas/Problem"
    Forbidden:
      description: |
        Multi-account mode: the token is valid but of the wrong kind for this operation. The admin
        token on an account's endpoint (the problem says to use an account token), or an account
        token on `/accounts…` or `/metrics` (which take the admin token).
      content:
        application/problem+json:
          schema:
            $ref: "#/components/schemas/Problem"
    ForbiddenOrContactQuota:
      description: |
        Multi-account mode: the admin token was sent (use an account token; see `Forbidden`), or the
        account already holds `--max-contacts-per-account` contacts (10,000 by default) and nothing
        was stored: the problem's `type` is `https://quickactiond.dev/problems/contact-quota-exceeded`
        and its `limit` member is the quota. The contacts are counted in the transaction that would
        store the new one, so creates sent at once, to one instance or several, never pass it.
      content:
        application/problem+json:
          schema:
            $ref: "#/components/schemas/Problem"
    TooManyRequests:
      description: |
        The account asked for more than its share; nothing was done, retry after `Retry-After`. The
        problem's `type` says which share:
        `https://quickactiond.dev/problems/rate-limited` (multi-account mode with `--rate-limit N`:
        the account's token bucket, which holds N and refills at N per second, each request taking
        one, is empty);
        `https://quickactiond.dev/problems/too-many-account-connections` (multi-account mode: the
        request came on a connection not yet counted for anyone and the account already holds
        `--max-connections-per-account` connections, the problem's `limit`; a connection counts for
        the account of its first request acting for an account until it closes; this connection is
        closed after the answer);
        `https://quickactiond.dev/problems/too-many-streams` (`GET /events` only: the account already
        has `--max-streams-per-account` streams open, 8 by default, the problem's `limit`; a stream
        that ends frees its place).
      headers:
        Retry-After:
          required: true
          description: |
            Whole seconds to wait (at least 1): until the bucket has a token again; 1 for a
            connection; the heartbeat's interval for a stream.
          schema:
            type: integer
            minimum: 1
        RateLimit-Policy:
          required: false
          description: 'With `--rate-limit`, the policy, as in draft-ietf-httpapi-ratelimit-headers: `"default";q=N;w=1`.'
          schema:
            type: string
        RateLimit:
          required: false
          description: 'With `--rate-limit`, what is left under it: `"default";r=0;t=<seconds until a token>`.'
          schema:
            type: string
      content:
        application/problem+json:
          schema:
            $ref: "#/components/schemas/Problem"
    ServiceUnavailable:
      description: |
        The database could not complete the request; retry after `Retry-After` seconds. The
        problem's `type` names the cause: `https://quickactiond.dev/problems/storage-full` (the
        disk is full: nothing was stored), `https://quickactiond.dev/problems/storage-io-error`
        (the disk failed to read or write), `https://quickactiond.dev/problems/storage-timeout`
        (PostgreSQL: a statement or lock wait ran past `--db-statement-timeout` or
        `--db-lock-timeout`, a lock held elsewhere or a busy server; nothing of it was stored),
        `https://quickactiond.dev/problems/storage-busy` (PostgreSQL: too many requests already
        wait for the database; this one was not run), `https://quickactiond.dev/problems/storage-timeout`
        also when no answer came within `--db-request-timeout` (5 s) whatever the network does
        (a write may then still take effect: send it again, a trigger with the same
        Idempotency-Key), or
        `https://quickactiond.dev/problems/service-unavailable` (anything else).
        Never the request's own fault: a value the database cannot store is `422`.
      headers:
        Retry-After:
          required: true
          description: Seconds to wait before retrying (60 for a full disk, 5 for an I/O error, 2 for a timeout, 1 otherwise).
          schema:
            type: integer
      content:
        application/problem+json:
          schema:
            $ref: "#/components/schemas/Problem"
  schemas:
    AccountIdentifier:
      type: string
      description: |
        An account id as the server issues it (20 lower-case base32 characters), or `default`, the
        account that a single-account database's data became when it was opened with --accounts.
      pattern: "^(default|[a-z2-7]{20})$"
      example: xq3fz7k2mbd4pl5nwa6c
    AccountCursor:
      type: string
      description: |
        A page position the server issued (unpadded base64url of `v1:` and a decimal sequence
        number, as for contacts). Opaque to clients: pass back what `nextCursor` gave.
      pattern: "^djE6(?:(?:M[DTjz]|N[DTjz]|O[DT])[AEIMQUYcgk][w-z0-5]){0,5}(?:(?:M[DTjz]|N[DTjz]|O[DT])[AEIMQUYcgk][w-z0-5]|(?:M[AQgw]|N[AQgw]|O[AQ])|(?:M[DTjz]|N[DTjz]|O[DT])[AEIMQUYcgk])$"
      example: djE6NA
    Account:
      type: object
      required: [id, name, createdAt]
      additionalProperties: false
      properties:
        id:
          $ref: "#/components/schemas/AccountIdentifier"
        name:
          type: string
        createdAt:
          type: string
          format: date-time
    NewAccount:
      type: object
      required: [name]
      additionalProperties: false
      example:
        name: Ada Lovelace
      properties:
        name:
          type: string
          description: |
            1-100 characters (extended grapheme clusters, counted as for a contact's name; not
            unique), not only white space, no control characters. `maxLength` states the server's
            second limit, 1,000 code points. Leading and trailing white space is trimmed.
          minLength: 1
          maxLength: 1000
          pattern: '^[^\u0000-\u001F\u007F-\u009F]*[^\u0000-\u0020\u007F-\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000][^\u0000-\u001F\u007F-\u009F]*$'
    AccountWithToken:
      type: object
      description: A new account, with its token (shown this once).
      required: [id, name, createdAt, token]
      additionalProperties: false
      properties:
        id:
          $ref: "#/components/schemas/AccountIdentifier"
        name:
          type: string
        createdAt:
          type: string
          format: date-time
        token:
          type: string
          description: |
            `qa_`, 30 random base62 characters and 6 base62 characters of their CRC32 (so a secret
            scanner can recognise one offline). Shown once; the server stores only its SHA-256 digest.
          pattern: "^qa_[0-9A-Za-z]{36}$"
          example: qa_abcdefghijABCDEFGHIJ01234567892C2O59
    AccountList:
      type: object
      required: [accounts, nextCursor]
      properties:
        accounts:
          type: array
          items:
            $ref: "#/components/schemas/Account"
        nextCursor:
          type: string
          nullable: true
          description: Pass as `cursor` for the next page; null on the last page (an AccountCursor).
          pattern: "^djE6(?:(?:M[DTjz]|N[DTjz]|O[DT])[AEIMQUYcgk][w-z0-5]){0,5}(?:(?:M[DTjz]|N[DTjz]|O[DT])[AEIMQUYcgk][w-z0-5]|(?:M[AQgw]|N[AQgw]|O[AQ])|(?:M[DTjz]|N[DTjz]|O[DT])[AEIMQUYcgk])$"
    AccountToken:
      type: object
      required: [token]
      additionalProperties: false
      properties:
        token:
          type: string
          description: |
            `qa_`, 30 random base62 characters and 6 base62 characters of their CRC32 (so a secret
            scanner can recognise one offline). Shown once; the server stores only its SHA-256 digest.
          pattern: "^qa_[0-9A-Za-z]{36}$"
          example: qa_abcdefghijABCDEFGHIJ01234567892C2O59
    ContactIdentifier:
      type: string
      description: A contact id as the server issues it; any other id names no contact (404).
      pattern: "^[a-z2-7]{20}$"
      example: pejjfoz7jjzkipkbvkdh
    ContactCursor:
      type: string
      description: |
        A page position the server issued (unpadded base64url of `v1:` and a decimal sequence
        number). Opaque to clients: pass back what `nextCursor` gave.
      pattern: "^djE6(?:(?:M[DTjz]|N[DTjz]|O[DT])[AEIMQUYcgk][w-z0-5]){0,5}(?:(?:M[DTjz]|N[DTjz]|O[DT])[AEIMQUYcgk][w-z0-5]|(?:M[AQgw]|N[AQgw]|O[AQ])|(?:M[DTjz]|N[DTjz]|O[DT])[AEIMQUYcgk])$"
      example: djE6NA
    ContactName:
      type: string
      description: |
        1-100 characters, not only white space, no control characters (C0, DEL or C1). A character
        is what a person reads as one (an extended grapheme cluster): `e` followed by U+0301 is one
        character, as is `é`, so 51 × `e` + U+0301 (102 code points) is 51 characters and accepted.
        The server counts the characters of the value as sent, and refuses more than 100 with 422.
        JSON Schema's `maxLength` counts code points, not characters, so it cannot state that
        limit: it states the server's second one, at most 1,000 code points. Leading and trailing
        white space is trimmed before storing; the rest is stored as sent. Where a name is looked
        up (a trigger's `userInfo.Name`), names are compared after trimming, under Unicode
        canonical equivalence (as their NFC forms).
      minLength: 1
      maxLength: 1000
      pattern: '^[^\u0000-\u001F\u007F-\u009F]*[^\u0000-\u0020\u007F-\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000][^\u0000-\u001F\u007F-\u009F]*$'
    ContactEmail:
      type: string
      nullable: true
      description: |
        `local@domain.tld`: one `@`, a non-empty local part, a domain with at least one dot, no
        empty label and a last label of at least two characters; no white space or control
        characters; at most 254 characters. The pattern states the rule for ASCII addresses; the
        server applies the same shape to non-ASCII ones. `null` means no email (in a PATCH, it
        clears the email).
      maxLength: 254
      pattern: '^[\x21-\x3F\x41-\x7E]+@[\x21-\x2D\x2F-\x3F\x41-\x7E]+(\.[\x21-\x2D\x2F-\x3F\x41-\x7E]+)*\.[\x21-\x2D\x2F-\x3F\x41-\x7E]{2,}$'
      example: ada@example.com
    PropertyListValue:
      description: A property-list value (string, number, boolean, array or dictionary of them); never null.
      anyOf:
        - type: string
        - type: number
        - type: boolean
        - type: array
          items:
            $ref: "#/components/schemas/PropertyListValue"
        - type: object
          additionalProperties:
            $ref: "#/components/schemas/PropertyListValue"
    ProblemType:
      type: string
      description: |
        A problem's `type`: one URI per kind of problem, each with one status (`x-status`) and one
        `title` (the entry's `title`). `x-members` lists the extension members a problem of the
        type may carry besides `type`, `title`, `status` and `detail`. The service builds every
        problem from the same list, and a test keeps the two in step.
      oneOf:
        - title: Bad Request
          description: >-
            The request cannot be read: a malformed head, target, query or body. `field` names the
            body's member at fault, `parameter` the query's.
          x-status: 400
          x-members: [field, parameter]
          enum: ["https://quickactiond.dev/problems/bad-request"]
        - title: Unauthorized
          description: >-
            No valid token (`WWW-Authenticate: Bearer`), the same answer for every path; also a
            write for an account deleted meanwhile.
          x-status: 401
          x-members: []
          enum: ["https://quickactiond.dev/problems/unauthorized"]
        - title: Forbidden
          description: >-
            A valid token that does not open this operation; the detail says which one does.
          x-status: 403
          x-members: []
          enum: ["https://quickactiond.dev/problems/wrong-credential"]
        - title: Forbidden
          description: >-
            The account holds `--max-contacts-per-account` contacts (`limit`): the create stored
            nothing.
          x-status: 403
          x-members: [limit]
          enum: ["https://quickactiond.dev/problems/contact-quota-exceeded"]
        - title: Not Found
          description: >-
            Nothing at this path, or no such contact, item or account.
          x-status: 404
          x-members: []
          enum: ["https://quickactiond.dev/problems/not-found"]
        - title: Method Not Allowed
          description: >-
            The path is routed, the method is not (`Allow` lists those that are).
          x-status: 405
          x-members: []
          enum: ["https://quickactiond.dev/problems/method-not-allowed"]
        - title: Not Acceptable
          description: >-
            The Accept header allows none of the representations.
          x-status: 406
          x-members: []
          enum: ["https://quickactiond.dev/problems/not-acceptable"]
        - title: Conflict
          description: >-
            The request cannot be answered in the present state (an ambiguous trigger name, static
            items Android cannot take).
          x-status: 409
          x-members: []
          enum: ["https://quickactiond.dev/problems/conflict"]
        - title: Gone
          description: >-
            The triggered item is no longer in the list: the device's items are stale (`refresh`
            says where to fetch them, `disabledMessage` what to show).
          x-status: 410
          x-members: [refresh, disabledMessage]
          enum: ["https://quickactiond.dev/problems/gone"]
        - title: Precondition Failed
          description: >-
            `If-Match` no longer matches; the response's `ETag` is the current one. Nothing was
            changed.
          x-status: 412
          x-members: []
          enum: ["https://quickactiond.dev/problems/precondition-failed"]
        - title: Content Too Large
          description: >-
            The body is over `--max-body-bytes`.
          x-status: 413
          x-members: []
          enum: ["https://quickactiond.dev/problems/content-too-large"]
        - title: Unsupported Media Type
          description: >-
            The body is not `application/json`.
          x-status: 415
          x-members: []
          enum: ["https://quickactiond.dev/problems/unsupported-media-type"]
        - title: Unprocessable Content
          description: >-
            A value breaks a rule (`field` names it), or the database cannot store it.
          x-status: 422
          x-members: [field]
          enum: ["https://quickactiond.dev/problems/unprocessable-content"]
        - title: Scheduled Item Limit Exceeded
          description: >-
            A list the item would be in already holds `limit` (100) items not yet ended; `field` is
            `scheduledItems`. Nothing was stored.
          x-status: 422
          x-members: [field, limit]
          enum: ["https://quickactiond.dev/problems/scheduled-item-limit-exceeded"]
        - title: Too Many Requests
          description: >-
            The account's token bucket (`--rate-limit`) is empty.
          x-status: 429
          x-members: []
          enum: ["https://quickactiond.dev/problems/rate-limited"]
        - title: Too Many Requests
          description: >-
            The account holds its `limit` connections (`--max-connections-per-account`); this
            connection is closed.
          x-status: 429
          x-members: [limit]
          enum: ["https://quickactiond.dev/problems/too-many-account-connections"]
        - title: Too Many Requests
          description: >-
            The account has its `limit` event streams open (`--max-streams-per-account`).
          x-status: 429
          x-members: [limit]
          enum: ["https://quickactiond.dev/problems/too-many-streams"]
        - title: Request Header Fields Too Large
          description: >-
            The request line and headers are over `--max-header-bytes`.
          x-status: 431
          x-members: []
          enum: ["https://quickactiond.dev/problems/request-header-fields-too-large"]
        - title: Internal Server Error
          description: >-
            The server's fault; the log line says more.
          x-status: 500
          x-members: []
          enum: ["https://quickactiond.dev/problems/internal-server-error"]
        - title: Not Implemented
          description: >-
            A method, or a transfer coding, this server does not implement.
          x-status: 501
          x-members: []
          enum: ["https://quickactiond.dev/problems/not-implemented"]
        - title: Service Unavailable
          description: >-
            The store could not complete the request, the server is shutting down, or it stopped
            before the request finished.
          x-status: 503
          x-members: []
          enum: ["https://quickactiond.dev/problems/service-unavailable"]
        - title: Service Unavailable
          description: >-
            The server has its limit of connections open.
          x-status: 503
          x-members: []
          enum: ["https://quickactiond.dev/problems/too-many-connections"]
        - title: Storage Full
          description: >-
            The database's disk is full: nothing was stored.
          x-status: 503
          x-members: []
          enum: ["https://quickactiond.dev/problems/storage-full"]
        - title: Storage I/O Error
          description: >-
            The database's disk failed to read or write.
          x-status: 503
          x-members: []
          enum: ["https://quickactiond.dev/problems/storage-io-error"]
        - title: Storage Timeout
          description: >-
            The database did not answer within its limits (`--db-statement-timeout`, `--db-lock-
            timeout`, `--db-request-timeout`).
          x-status: 503
          x-members: []
          enum: ["https://quickactiond.dev/problems/storage-timeout"]
        - title: Storage Busy
          description: >-
            PostgreSQL: too many requests already wait for the database; this one was not run.
          x-status: 503
          x-members: []
          enum: ["https://quickactiond.dev/problems/storage-busy"]
        - title: Change Feed Lost
          description: >-
            This instance does not hear the other instances' changes now, so it opens no event
            stream.
          x-status: 503
          x-members: []
          enum: ["https://quickactiond.dev/problems/change-feed-lost"]
    Problem:
      type: object
      description: RFC 9457 problem details.
      required: [type, title, status, detail]
      properties:
        type:
          $ref: "#/components/schemas/ProblemType"
        title:
          type: string
        status:
          type: integer
        detail:
          type: string
        field:
          type: string
        parameter:
          type: string
          description: In a `400` about the query, the query parameter at fault (unknown, malformed or given more than once).
        limit:
          type: integer
          description: The limit that was reached, in a problem whose type has a `limit` (`x-members` of `ProblemType`).
        disabledMessage:
          type: string
          description: In a `410` of `/trigger`, the text to show on the stale item, localized.
        refresh:
          type: string
          description: In a `410` of `/trigger`, where to fetch the current list (`/shortcuts`).
      additionalProperties: true
    Contact:
      type: object
      required: [id, name, email, favorite, pinned, createdAt, updatedAt]
      additionalProperties: false
      properties:
        id:
          $ref: "#/components/schemas/ContactIdentifier"
        name:
          type: string
        email:
          type: string
          nullable: true
        favorite:
          type: boolean
        pinned:
          type: boolean
          description: >-
            Pinned favorites come first among the dynamic items of `GET /shortcuts`, in the order they
            were pinned. Only a favorite is pinned; unfavoriting unpins.
        createdAt:
          type: string
          format: date-time
        updatedAt:
          type: string
          format: date-time
    NewContact:
      type: object
      required: [name]
      additionalProperties: false
      example:
        name: Katherine Johnson
        email: kj@example.com
      properties:
        name:
          $ref: "#/components/schemas/ContactName"
        email:
          $ref: "#/components/schemas/ContactEmail"
        favorite:
          type: boolean
          default: false
    ContactPatch:
      type: object
      description: Only the fields present change; an empty object changes nothing.
      additionalProperties: false
      example:
        email: anders@uu.se
      properties:
        name:
          $ref: "#/components/schemas/ContactName"
        email:
          $ref: "#/components/schemas/ContactEmail"
        favorite:
          type: boolean
        pinned:
          type: boolean
          description: >-
            `true` pins the contact (last among the pinned, unless pinned already); `false` unpins it.
            Pinning a contact that is not (or, with `favorite: false`, would not be) a favorite is `422`
            with `field: pinned`.
    ContactList:
      type: object
      required: [contacts, total]
      properties:
        contacts:
          type: array
          items:
            $ref: "#/components/schemas/Contact"
        total:
          type: integer
          description: Contacts matching the filters, across all pages.
        nextCursor:
          type: string
          nullable: true
          description: Pass as `cursor` for the next page; null on the last page (a ContactCursor).
          pattern: "^djE6(?:(?:M[DTjz]|N[DTjz]|O[DT])[AEIMQUYcgk][w-z0-5]){0,5}(?:(?:M[DTjz]|N[DTjz]|O[DT])[AEIMQUYcgk][w-z0-5]|(?:M[AQgw]|N[AQgw]|O[AQ])|(?:M[DTjz]|N[DTjz]|O[DT])[AEIMQUYcgk])$"
    LocalizedText:
      type: object
      description: >-
        A text by language: a `default` entry (used when no language matches) and texts under language
        tags (`fr`, `pt-BR`), matched as `Accept-Language` ranges are (case ignored, `fr-CA` finds `fr`).
        Each text: 1-100 characters after trimming, no control characters; at most 64 entries.
      required: [default]
      additionalProperties:
        type: string
        minLength: 1
      properties:
        default:
          type: string
          minLength: 1
      example:
        default: Summer sale
        fr: Soldes d'été
    NewScheduledItem:
      type: object
      required: [type, title, from, until]
      additionalProperties: false
      example:
        type: SummerSaleAction
        title:
          default: Summer sale
          fr: Soldes d'été
        icon:
          type: date
        from: "2099-06-21T00:00:00+02:00"
        until: "2099-07-01T00:00:00+02:00"
      properties:
        type:
          type: string
          minLength: 1
          maxLength: 200
          description: The action type; never a static item's nor `FavoriteAction`.
        title:
          $ref: "#/components/schemas/LocalizedText"
        subtitle:
          $ref: "#/components/schemas/LocalizedText"
        icon:
          $ref: "#/components/schemas/ShortcutIcon"
        userInfo:
          type: object
          description: Handed back with a trigger; the server adds `scheduledItemId` (which the item may not set).
          additionalProperties:
            $ref: "#/components/schemas/PropertyListValue"
        from:
          type: string
          format: date-time
          description: >-
            When it starts showing (RFC 3339 with an offset). In UTC it must fall within the years
            0001 to 9999 (`0000-01-01T00:00:00+00:01` does not): otherwise a 422 naming the field.
        until:
          type: string
          format: date-time
          description: >-
            When it stops showing; after `from` and after now. In UTC it must fall within the years
            0001 to 9999 (`9999-12-31T23:59:59-23:59` does not): otherwise a 422 naming the field.
        accounts:
          type: array
          nullable: true
          description: >-
            With `--accounts`: the ids of the accounts whose lists show it; absent or null for every account.
            Refused without `--accounts`.
          minItems: 1
          maxItems: 1000
          items:
            type: string
    ScheduledItemPatch:
      type: object
      description: >-
        Only the fields present change; `null` clears `subtitle`, `icon` and `userInfo`, and makes
        `accounts` every account. The result is checked as a new item is.
      additionalProperties: false
      properties:
        type:
          type: string
        title:
          $ref: "#/components/schemas/LocalizedText"
        subtitle:
          allOf:
            - $ref: "#/components/schemas/LocalizedText"
          nullable: true
        icon:
          allOf:
            - $ref: "#/components/schemas/ShortcutIcon"
          nullable: true
        userInfo:
          type: object
          nullable: true
          additionalProperties:
            $ref: "#/components/schemas/PropertyListValue"
        from:
          type: string
          format: date-time
        until:
          type: string
          format: date-time
        accounts:
          type: array
          nullable: true
          items:
            type: string
    ScheduledItem:
      type: object
      required: [id, type, title, from, until, createdAt, revision]
      additionalProperties: false
      properties:
        id:
          $ref: "#/components/schemas/ContactIdentifier"
        type:
          type: string
        title:
          $ref: "#/components/schemas/LocalizedText"
        subtitle:
          $ref: "#/components/schemas/LocalizedText"
        icon:
          $ref: "#/components/schemas/ShortcutIcon"
        userInfo:
          type: object
          additionalProperties:
            $ref: "#/components/schemas/PropertyListValue"
        from:
          type: string
          format: date-time
          description: In UTC, with milliseconds, whatever offset it was sent with.
        until:
          type: string
          format: date-time
          description: In UTC, with milliseconds.
        accounts:
          type: array
          items:
            type: string
        createdAt:
          type: string
          format: date-time
        revision:
          type: integer
          minimum: 1
          description: Grows with each change; the ETag is `"<id>.<revision>"`.
    ScheduledItemList:
      type: object
      required: [items]
      properties:
        items:
          type: array
          items:
            $ref: "#/components/schemas/ScheduledItem"
    ShortcutIcon:
      description: Exactly one of a system icon type, an SF Symbol or an asset.
      oneOf:
        - type: object
          required: [type]
          additionalProperties: false
          properties:
            type:
              $ref: "#/components/schemas/ShortcutIconType"
        - type: object
          required: [systemImageName]
          additionalProperties: false
          properties:
            systemImageName:
              type: string
        - type: object
          required: [templateImageName]
          additionalProperties: false
          properties:
            templateImageName:
              type: string
    ShortcutIconType:
      type: string
      description: The cases of `UIApplicationShortcutIcon.IconType`.
      enum: [compose, play, pause, add, location, search, share, prohibit, contact, home, markLocation, favorite, love, cloud,
        invitation, confirmation, mail, message, date, time, capturePhoto, captureVideo, task, taskCompleted, alarm, bookmark,
        shuffle, audio, update]
    ShortcutItem:
      type: object
      required: [type, localizedTitle, kind, visible]
      properties:
        type:
          type: string
        localizedTitle:
          type: string
        localizedSubtitle:
          type: string
        icon:
          $ref: "#/components/schemas/ShortcutIcon"
        userInfo:
          type: object
          additionalProperties: true
        targetContentIdentifier:
          type: string
        kind:
          type: string
          enum: [static, dynamic]
        visible:
          type: boolean
          description: Among the four the Home Screen shows.
        rank:
          type: integer
          minimum: 0
          description: >-
            A dynamic item's position among the dynamic items, from 0 (Android's `rank`): pinned
            favorites first, then as `--dynamic-order` says. Absent on static items.
        explain:
          $ref: "#/components/schemas/DynamicOrderReason"
    DisabledShortcutItem:
      type: object
      description: >-
        A favorite's item that left the list (unfavorited or deleted), or a scheduled item that ended
        or was deleted, within `--disabled-retention`, which a device may still show (`include=disabled`).
        Its `userInfo` holds only `contactId` (or `scheduledItemId`).
      required: [type, userInfo, enabled, disabledMessage, reason, since]
      properties:
        type:
          type: string
        userInfo:
          type: object
          additionalProperties: true
        enabled:
          type: boolean
          enum: [false]
        disabledMessage:
          type: string
          description: The text to show on the item, in the list's language.
        reason:
          type: string
          enum: [unfavorited, deleted, ended]
        since:
          type: string
          format: date-time
          description: When it left the list.
    DynamicOrderReason:
      type: object
      description: >-
        Why a dynamic item is where it is (`explain=true`): `pinned` (with `pinOrder`, its place among
        the pinned from 1), `score` (with `score`, its use score now, to three digits), `created`, `name`,
        or `scheduled` (a scheduled item, with its `from` and `until`).
      required: [reason]
      properties:
        reason:
          type: string
          enum: [pinned, score, created, name, scheduled]
        from:
          type: string
          format: date-time
        until:
          type: string
          format: date-time
        pinOrder:
          type: integer
          minimum: 1
        score:
          type: number
          minimum: 0
    ShortcutList:
      type: object
      required: [items, version, warnings]
      properties:
        items:
          type: array
          items:
            anyOf:
              - $ref: "#/components/schemas/ShortcutItem"
              - $ref: "#/components/schemas/DisabledShortcutItem"
        version:
          type: string
          description: The ETag's value without quotes.
        warnings:
          type: array
          description: |
            Items that break Apple's Human Interface Guidelines, in the language served; and
            what the files say that iOS would read differently (unexpanded build settings,
            empty values, keys missing from the served language's table).
          items:
            $ref: "#/components/schemas/ShortcutWarning"
    ShortcutWarning:
      type: object
      required: [rule, message]
      properties:
        index:
          type: integer
          description: |
            Position in `items`. Absent for a finding about no one item: a `CFBundle…` key
            with an unexpanded build setting, or a `missing-translation`.
        type:
          type: string
          description: The item's type; absent when `index` is.
        rule:
          type: string
          enum:
            - title-too-long
            - emoji
            - app-name-in-title
            - too-many-static
            - duplicate-title
            - missing-translation
            - unexpanded-build-setting
            - empty-value
            - android-short-label-too-long
            - android-long-label-too-long
            - android-too-many-static
            - android-duplicate-id
            - android-no-disabled-message
            - android-template-key-missing
            - web-missing-name
            - web-url-out-of-scope
            - web-no-96px-icon
            - web-too-many-shortcuts
            - web-template-key-missing
        message:
          type: string
        language:
          type: string
          description: |
            The translation the finding is about (the `Content-Language` served, or the table
            missing keys). Absent for the development language's text and for findings about
            the Info.plist itself.
        platform:
          type: string
          enum: [android, web]
          description: The platform whose rule it is; absent for iOS's rules and the Info.plist's findings.
    AndroidShortcutList:
      type: object
      required: [shortcuts, version, warnings]
      properties:
        shortcuts:
          type: array
          items:
            $ref: "#/components/schemas/AndroidShortcut"
        version:
          type: string
          description: The ETag's value without quotes.
        warnings:
          type: array
          description: The findings of Android's rules (platform `android`); indexes are positions in `shortcuts`.
          items:
            $ref: "#/components/schemas/ShortcutWarning"
    AndroidShortcut:
      type: object
      description: One shortcut, as `ShortcutInfoCompat` holds it.
      required: [id, shortLabel, rank, enabled, intent, categories, kind, visible]
      properties:
        id:
          type: string
          description: Unique and stable; a favorite's (`favorite-<contactId>` by default) does not change when it is renamed.
        shortLabel:
          type: string
        longLabel:
          type: string
        disabledMessage:
          type: string
        rank:
          type: integer
          description: Position among the shortcuts of its kind (static or dynamic).
        enabled:
          type: boolean
        visible:
          type: boolean
          description: Whether a launcher shows it (the first `--android-max-shortcuts` enabled shortcuts, static first).
        icon:
          type: string
          description: A drawable resource name.
        intent:
          $ref: "#/components/schemas/AndroidIntent"
        backStack:
          type: array
          description: The intents before the last, when the shortcut has several.
          items:
            $ref: "#/components/schemas/AndroidIntent"
        categories:
          type: array
          items:
            type: string
        kind:
          type: string
          enum: [static, dynamic]
    AndroidIntent:
      type: object
      required: [action, extras]
      properties:
        action:
          type: string
        data:
          type: string
        mimeType:
          type: string
        targetPackage:
          type: string
        targetClass:
          type: string
        extras:
          type: object
          description: By name, each typed as a `PersistableBundle` holds it.
          additionalProperties:
            type: object
            required: [type, value]
            properties:
              type:
                type: string
                enum: [string, int, long, float, double, boolean]
              value: {}
    WebShortcutList:
      type: object
      required: [shortcuts, version, warnings]
      properties:
        shortcuts:
          type: array
          description: The value of a web app manifest's `shortcuts` member.
          items:
            $ref: "#/components/schemas/WebShortcut"
        version:
          type: string
          description: The ETag's value without quotes.
        warnings:
          type: array
          description: The findings of the web's rules (platform `web`); indexes are positions in `shortcuts`.
          items:
            $ref: "#/components/schemas/ShortcutWarning"
    WebShortcut:
      type: object
      required: [name, url]
      properties:
        name:
          type: string
        short_name:
          type: string
        description:
          type: string
        url:
          type: string
        icons:
          type: array
          items:
            type: object
            required: [src]
            properties:
              src:
                type: string
              sizes:
                type: string
              type:
                type: string
              purpose:
                type: string
    TriggerRequest:
      type: object
      required: [type]
      additionalProperties: false
      example:
        type: SearchAction
        launch: warm
        deviceId: iphone-ada
      properties:
        type:
          description: |
            The picked item's type: `FavoriteAction` (needs `userInfo.contactId` or `userInfo.Name`)
            or one of the static types the service was started with (`--shortcuts`, with `--build-setting`
            values expanded, as iOS delivers them; by default the
            sample's `SearchAction` and `ShareAction`). Any other type is 422, and so is a control
            character (C0, DEL or C1).
          anyOf:
            - type: string
              enum: [FavoriteAction, SearchAction, ShareAction]
            - type: string
        userInfo:
          type: object
          additionalProperties:
            $ref: "#/components/schemas/PropertyListValue"
          description: |
            The picked item's userInfo (`contactId`, or `Name` as Apple's sample encodes it):
            property-list values only, so no `null` at any depth. `Name` is matched after trimming,
            under Unicode canonical equivalence (see ContactName). No key may hold a control
            character (C0, DEL or C1), and no string value one other than tab, line feed and
            carriage return (422 with `field` `userInfo`).
        launch:
          type: string
          enum: [cold, warm]
          description: Delivered at launch (cold) or while running (warm).
        deviceId:
          type: string
          description: The reporting device, 1-64 characters, no control character (C0, DEL or C1; 422 with `field` `deviceId`).
          minLength: 1
          maxLength: 64
          pattern: '^[^\u0000-\u001F\u007F-\u009F]+$'
    TriggerRecord:
      type: object
      required: [id, type, userInfo, launch, deviceId, receivedAt, message]
      properties:
        id:
          type: string
        type:
          type: string
        userInfo:
          type: object
          nullable: true
          additionalProperties: true
        launch:
          type: string
          nullable: true
          enum: [cold, warm, null]
        deviceId:
          type: string
          nullable: true
        receivedAt:
          type: string
          format: date-time
        message:
          type: string
        contactId:
          type: string
          nullable: true
    TriggerStats:
      type: object
      required: [total, byType, byContact]
      properties:
        total:
          type: integer
        byType:
          type: object
          additionalProperties:
            type: integer
        byContact:
          type: array
          items:
            type: object
            required: [contactId, name, count]
            properties:
              contactId:
                type: string
              name:
                type: string
                nullable: true
              count:
                type: integer
    TriggerResult:
      type: object
      required: [id, type, message, receivedAt, launch]
      properties:
        id:
          type: string
        type:
          type: string
        message:
          type: string
        receivedAt:
          type: string
          format: date-time
        launch:
          type: string
          nullable: true
          enum: [cold, warm, null]
        contact:
          $ref: "#/components/schemas/Contact"
        link:
          type: string

"""#
}
