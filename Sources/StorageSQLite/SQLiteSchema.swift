import CSQLite3
import StorageCore

/// The quickactiond schema: how we recognise our databases, the migrations that build them,
/// and the start-up checks that refuse anything else without touching it.
enum SQLiteSchema {
    /// `PRAGMA application_id` of every quickactiond database: 'QACT'.
    static let applicationID: Int32 = 0x5141_4354

    /// The triggers that keep the trigram index in step with the contacts table (migrations 1
    /// and 3 create them).
    private static let searchIndexTriggers = """
        CREATE TRIGGER contacts_search_insert AFTER INSERT ON contacts BEGIN
            INSERT INTO contacts_search (rowid, search_key) VALUES (new.seq, new.search_key);
        END;
        CREATE TRIGGER contacts_search_delete AFTER DELETE ON contacts BEGIN
            INSERT INTO contacts_search (contacts_search, rowid, search_key) VALUES ('delete', old.seq, old.search_key);
        END;
        CREATE TRIGGER contacts_search_update AFTER UPDATE OF search_key ON contacts
        WHEN old.search_key IS NOT new.search_key BEGIN
            INSERT INTO contacts_search (contacts_search, rowid, search_key) VALUES ('delete', old.seq, old.search_key);
            INSERT INTO contacts_search (rowid, search_key) VALUES (new.seq, new.search_key);
        END;
        """

    /// Migrations in order; a database's `user_version` is how many of them it has run.
    static let migrations: [String] = [
        // 1: contacts, in creation order (`seq`, never reused thanks to AUTOINCREMENT), with
        // a trigram index over the folded search key kept in sync by triggers. (Migration 3
        // drops two of these indexes and rebuilds the trigram index.)
        """
        CREATE TABLE contacts (
            seq INTEGER PRIMARY KEY AUTOINCREMENT,
            id TEXT NOT NULL UNIQUE,
            name TEXT NOT NULL,
            email TEXT,
            favorite INTEGER NOT NULL CHECK (favorite IN (0, 1)),
            created_ms INTEGER NOT NULL,
            updated_ms INTEGER NOT NULL,
            revision INTEGER NOT NULL,
            search_key TEXT NOT NULL
        );
        CREATE INDEX contacts_favorite ON contacts (favorite);
        CREATE INDEX contacts_name ON contacts (name);
        CREATE INDEX contacts_favorite_search_key ON contacts (favorite, search_key);
        CREATE VIRTUAL TABLE contacts_search USING fts5 (
            search_key, content = 'contacts', content_rowid = 'seq', tokenize = 'trigram case_sensitive 1'
        );
        \(searchIndexTriggers)
        """,
        // 2: accepted triggers (newest first by seq) and the answers stored under
        // Idempotency-Keys, written together in one transaction.
        """
        CREATE TABLE triggers (
            seq INTEGER PRIMARY KEY AUTOINCREMENT,
            id TEXT NOT NULL UNIQUE,
            type TEXT NOT NULL,
            user_info TEXT,
            launch TEXT,
            device_id TEXT,
            received_ms INTEGER NOT NULL,
            message TEXT NOT NULL,
            contact_id TEXT
        );
        CREATE INDEX triggers_type ON triggers (type, seq);
        CREATE INDEX triggers_contact ON triggers (contact_id, seq);
        CREATE TABLE idempotency_keys (
            key TEXT PRIMARY KEY,
            request_digest TEXT NOT NULL,
            status INTEGER NOT NULL,
            body TEXT NOT NULL,
            created_ms INTEGER NOT NULL
        );
        CREATE INDEX idempotency_keys_created ON idempotency_keys (created_ms);
        """,
        // 3: a cheaper write path (every index on a random key dirties a page of its own per
        // insert). The name and (favorite, search_key) indexes go: a lookup by name finds its
        // candidates in the trigram index, and short searches count with a table scan. The
        // trigram index is rebuilt without per-row column sizes (nothing ranks results), and
        // merges 16 segments at a time instead of 4, with a forced whole-level merge only at 64
        // (the default 16 would then stall a commit on every sixteenth batch).
        """
        DROP INDEX contacts_name;
        DROP INDEX contacts_favorite_search_key;
        DROP TRIGGER contacts_search_insert;
        DROP TRIGGER contacts_search_delete;
        DROP TRIGGER contacts_search_update;
        DROP TABLE contacts_search;
        CREATE VIRTUAL TABLE contacts_search USING fts5 (
            search_key, content = 'contacts', content_rowid = 'seq', tokenize = 'trigram case_sensitive 1', columnsize = 0
        );
        INSERT INTO contacts_search (contacts_search, rank) VALUES ('automerge', 16);
        INSERT INTO contacts_search (contacts_search, rank) VALUES ('crisismerge', 64);
        INSERT INTO contacts_search (contacts_search) VALUES ('rebuild');
        \(searchIndexTriggers)
        """,
        // 4: triggers by age, for the retention purge (`--trigger-retention`), which deletes the
        // oldest in small batches. Triggers arrive in time order, so each insert appends to the
        // index's last page rather than dirtying a random one.
        """
        CREATE INDEX triggers_received ON triggers (received_ms);
        """,
        // 5: the trigger log's floor for `GET /events` with `Last-Event-ID`: the highest seq the
        // retention purge deleted (a resume from below it would miss triggers, so it gets just
        // the list). Before this migration purges were not tracked: everything below the oldest
        // trigger kept counts as purged.
        """
        CREATE TABLE trigger_log (purged_through INTEGER NOT NULL);
        INSERT INTO trigger_log (purged_through) SELECT coalesce(
            (SELECT min(seq) - 1 FROM triggers), (SELECT seq FROM sqlite_sequence WHERE name = 'triggers'), 0);
        """,
        // 6: accounts. Everything stored so far becomes the account `default` (key 1), in this one
        // transaction, losing nothing. Contacts and triggers gain their account (a column
        // with default 1, so the rows already there need no rewrite); lists by account use
        // (account, seq), and favorites a partial index of the favorites alone, which replaces
        // the index on favorite: a contact that is not a favorite (most of them) costs an insert
        // no more index pages than before accounts. Idempotency-Key answers are keyed by (account, key): the claim of a
        // key is that row's insert, so two writers (or processes) cannot both record one key.
        // Tokens are kept as SHA-256 digests only.
        """
        CREATE TABLE accounts (
            key INTEGER PRIMARY KEY AUTOINCREMENT,
            id TEXT NOT NULL UNIQUE,
            name TEXT NOT NULL,
            created_ms INTEGER NOT NULL,
            token_digest BLOB UNIQUE
        );
        INSERT INTO accounts (key, id, name, created_ms)
            VALUES (1, 'default', 'default', CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
        ALTER TABLE contacts ADD COLUMN account INTEGER NOT NULL DEFAULT 1;
        DROP INDEX contacts_favorite;
        CREATE INDEX contacts_account ON contacts (account, seq);
        CREATE INDEX contacts_account_favorites ON contacts (account, seq) WHERE favorite = 1;
        ALTER TABLE triggers ADD COLUMN account INTEGER NOT NULL DEFAULT 1;
        CREATE INDEX triggers_account ON triggers (account, seq);
        CREATE TABLE idempotency_answers (
            account INTEGER NOT NULL,
            key TEXT NOT NULL,
            request_digest TEXT NOT NULL,
            status INTEGER NOT NULL,
            body TEXT NOT NULL,
            created_ms INTEGER NOT NULL,
            PRIMARY KEY (account, key)
        );
        INSERT INTO idempotency_answers (account, key, request_digest, status, body, created_ms)
            SELECT 1, key, request_digest, status, body, created_ms FROM idempotency_keys;
        DROP TABLE idempotency_keys;
        CREATE INDEX idempotency_answers_created ON idempotency_answers (created_ms);
        """,
        // 7: the favorites' index holds every column a favorite is read with, so an account's
        // favorites (a shortcut list built on a cache miss, `?favorite=true`) are read from
        // the index's own pages, with no lookup in the table per favorite (that lookup was a
        // third of the read with many accounts). Only favorites are in it: the columns it
        // repeats cost the few contacts that are favorites.
        """
        CREATE INDEX contacts_account_favorites_covering
            ON contacts (account, seq, favorite, id, name, email, created_ms, updated_ms, revision) WHERE favorite = 1;
        DROP INDEX contacts_account_favorites;
        """,
        // 8: no row outlives its account. A write checked the account's token before it was
        // queued; if the account was deleted in between, the schema refuses the row in the
        // write's own transaction (the deletion and the write are serialised by the one
        // writer), so a deletion's commit leaves nothing of the account behind. A trigger
        // rather than a foreign key: adding one needs every table rebuilt. The rows such races
        // left before go now. The readiness probe gets a table of its own (it wrote under no
        // account, which the triggers now refuse).
        """
        DELETE FROM contacts WHERE account NOT IN (SELECT key FROM accounts);
        DELETE FROM triggers WHERE account NOT IN (SELECT key FROM accounts);
        DELETE FROM idempotency_answers WHERE account NOT IN (SELECT key FROM accounts);
        \(accountTriggers)
        CREATE TABLE readiness_probe (filler BLOB NOT NULL);
        """,
        // 9: the order of the dynamic items. A pinned favorite's place among the pinned
        // (`pin_order`, taken as the account's highest plus one in the write's transaction) and
        // its item's usage key (`usage_key`, `UsageScore.key`, updated in a trigger's
        // transaction), both read with every favorite, so the covering index gains them. The
        // disabled items: one disabled item per contact whose item left the list (unfavorited or
        // deleted), written in the contact write's transaction, purged by age (`since_ms`).
        """
        ALTER TABLE contacts ADD COLUMN pin_order INTEGER;
        ALTER TABLE contacts ADD COLUMN usage_key REAL;
        CREATE INDEX contacts_account_favorites_ranked
            ON contacts (account, seq, favorite, id, name, email, created_ms, updated_ms, revision, pin_order, usage_key) WHERE favorite = 1;
        DROP INDEX contacts_account_favorites_covering;
        CREATE TABLE tombstones (
            account INTEGER NOT NULL,
            contact_id TEXT NOT NULL,
            reason TEXT NOT NULL,
            since_ms INTEGER NOT NULL,
            PRIMARY KEY (account, contact_id)
        );
        CREATE INDEX tombstones_since ON tombstones (since_ms);
        \(accountTrigger("tombstones"))
        """,
        // 10: the scheduled items, one list for every account (`accounts`: NULL for every
        // account, else a JSON array of account ids). Texts, icon and userInfo as JSON, times in
        // ms. A deleted item keeps its row, marked by `deleted_ms`, until it is purged by age
        // (a device may still show it).
        """
        CREATE TABLE scheduled_items (
            seq INTEGER PRIMARY KEY AUTOINCREMENT,
            id TEXT NOT NULL UNIQUE,
            type TEXT NOT NULL,
            title TEXT NOT NULL,
            subtitle TEXT,
            icon TEXT,
            user_info TEXT,
            from_ms INTEGER NOT NULL,
            until_ms INTEGER NOT NULL,
            accounts TEXT,
            created_ms INTEGER NOT NULL,
            revision INTEGER NOT NULL,
            deleted_ms INTEGER
        );
        """,
        // 11: a trigger's insert touches only indexes that a query reads. Every read of the
        // triggers is by account (the list, its `type` and `contactId` filters, the counts, the
        // event log) and goes through `triggers_account`; the two indexes by type and by contact
        // were never chosen, and the one by contact put each insert on a page of its own (a
        // random key), the most of any index on a busy favorite's pick.
        """
        DROP INDEX triggers_type;
        DROP INDEX triggers_contact;
        """,
        // 12: settings the stored data depends on, one row each: the half-life the usage keys
        // were made under (`usage_half_life_ms`), so that a start-up under another rescales them
        // (`SQLiteUsageHalfLifeSQL`). A database from before has no row: its first start
        // records its half-life.
        """
        CREATE TABLE settings (name TEXT PRIMARY KEY, value INTEGER NOT NULL);
        """,
    ]

    /// The words of the `RAISE` that refuses a row of a deleted account (mapped to
    /// `StorageError.Cause.accountDeleted` by its code, `SQLITE_CONSTRAINT_TRIGGER`).
    static let accountDeletedMessage = "quickactiond: the account was deleted"

    /// Triggers that refuse a row whose account does not exist (migration 8).
    private static let accountTriggers = ["contacts", "triggers", "idempotency_answers"].map(accountTrigger).joined(separator: "\n")

    /// The trigger that refuses a row of `table` whose account does not exist.
    private static func accountTrigger(_ table: String) -> String {
        """
        CREATE TRIGGER \(table)_account_exists BEFORE INSERT ON \(table)
        WHEN NOT EXISTS (SELECT 1 FROM accounts WHERE key = new.account) BEGIN
            SELECT RAISE(ABORT, '\(accountDeletedMessage)');
        END;
        """
    }

    /// One step of upkeep of the trigram index: merge about 64 pages of segments, but only on a
    /// level holding 4 or more (FTS5's `usermerge`), so a tidy index costs nothing. Run between
    /// writes; the write path itself merges only at 16 (migration 3).
    static let tidySearchIndex = "INSERT INTO contacts_search (contacts_search, rank) VALUES ('merge', 64)"

    /// Settings every connection needs, reader or writer.
    static func configure(_ connection: SQLiteConnection) throws(StorageError) {
        try connection.check(sqlite3_busy_timeout(connection.handle, 5_000))
        try connection.check(qa_sqlite_enable_defensive(connection.handle))
    }

    /// Checks that the writer's file is a sound quickactiond database (or a new, empty one),
    /// then switches it to WAL and runs the missing migrations.
    ///
    /// Every refusal happens before the first write, so a file that is not ours is left as it was.
    static func prepare(_ connection: SQLiteConnection) throws(StorageError) {
        let path = connection.path
        if sqlite3_db_readonly(connection.handle, "main") == 1 {
            throw StorageError.sqlite(
                SQLITE_READONLY,
                message: "the database at \(path) is read-only: quickactiond must be able to write the file and its directory")
        }
        try configure(connection)
        let identity: (applicationID: Int64, userVersion: Int64, objects: Int64)
        let problems: [String]
        do throws(StorageError) {
            // The first read of the header is where SQLite notices a file that is not a database.
            identity = (
                try connection.integer("PRAGMA application_id"), try connection.integer("PRAGMA user_version"),
                try connection.integer("SELECT count(*) FROM sqlite_schema")
            )
            problems = try connection.rows("PRAGMA quick_check") { $0.text(at: 0) }
        } catch {
            throw recognised(error, path: path)
        }
        guard problems == ["ok"] else {
            throw corrupt(
                path: path, code: SQLITE_CORRUPT,
                detail: "quick_check: " + problems.flatMap { $0.split(separator: "\n") }.prefix(3).joined(separator: "; "))
        }
        let fresh = identity.applicationID == 0 && identity.userVersion == 0 && identity.objects == 0
        guard fresh || identity.applicationID == Int64(applicationID) else {
            throw StorageError(
                message: "the file at \(path) is a SQLite database but not a quickactiond one (application_id \(identity.applicationID), "
                    + "\(identity.objects) schema objects); it was left untouched: choose another path")
        }
        try refuseUnknown(identity.userVersion, objects: identity.objects, path: path)
        do throws(StorageError) {
            let mode = try connection.firstRow("PRAGMA journal_mode = WAL") { $0.text(at: 0) }
            guard mode?.lowercased() == "wal" else {
                throw StorageError(message: "\(path): WAL journal mode is unavailable (it stays in \(mode ?? "an unknown mode"))")
            }
            try connection.execute("PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON")
            try migrate(connection)
        } catch {
            // SQLite's message already starts with the path.
            throw error.with(message: "cannot write the database at \(error.message)")
        }
    }

    /// Runs the migrations the database lacks, all in one write transaction.
    private static func migrate(_ connection: SQLiteConnection) throws(StorageError) {
        try connection.transaction(immediate: true) { () throws(StorageError) in
            // Read again under the write lock: another process may have migrated meanwhile.
            let current = try connection.integer("PRAGMA user_version")
            try refuseUnknown(current, objects: try connection.integer("SELECT count(*) FROM sqlite_schema"), path: connection.path)
            for migration in migrations.dropFirst(Int(current)) {
                try connection.execute(migration)
            }
            // Always rewritten, even when unchanged: this write is also the start-up write test,
            // so an unwritable file fails here rather than on the first request.
            try connection.execute("PRAGMA user_version = \(migrations.count); PRAGMA application_id = \(applicationID)")
        }
    }

    /// Refuses a schema version this binary did not write: newer than it knows (a newer
    /// quickactiond's), or one no quickactiond writes (negative, or 0 on a file that holds
    /// tables). Only an empty file starts at 0.
    static func refuseUnknown(_ userVersion: Int64, objects: Int64, path: String) throws(StorageError) {
        if userVersion > Int64(migrations.count) {
            throw StorageError(
                message: "the database at \(path) has schema version \(userVersion), but this quickactiond knows only up to "
                    + "\(migrations.count): upgrade quickactiond, or choose another path")
        }
        if userVersion < 0 || (userVersion == 0 && objects > 0) {
            throw StorageError(
                message: "the database at \(path) has schema version \(userVersion) (PRAGMA user_version), which no quickactiond writes"
                    + (objects > 0 ? " on a database holding \(objects) schema objects" : "")
                    + ": it was left untouched; restore it from a backup, or choose another path")
        }
    }

    /// Rewords SQLite's "not a database" and "corrupt" errors so they say what to do.
    private static func recognised(_ error: StorageError, path: String) -> StorageError {
        switch (error.sqliteCode ?? 0) & 0xFF {
        case SQLITE_NOTADB:
            error.with(
                message: "the file at \(path) is not a SQLite database; it was left untouched: move it aside or choose another path")
        case SQLITE_CORRUPT:
            corrupt(path: path, code: error.sqliteCode ?? SQLITE_CORRUPT, detail: error.message)
        default:
            error
        }
    }

    /// The error for a database that fails its integrity check.
    private static func corrupt(path: String, code: Int32, detail: String) -> StorageError {
        StorageError.sqlite(
            code,
            message: "the SQLite database at \(path) is corrupt (\(detail)); it was left untouched: restore it from a backup or move it aside")
    }
}
