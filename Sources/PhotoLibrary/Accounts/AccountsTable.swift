import GRDB

/// Migration v4: the people and programs that may use the library through `photos serve`, what they did, the
/// read-only links to albums they shared, who owns which asset and album (what a member uploaded or made),
/// and the receipts that make retried change requests apply once.
///
/// Secrets are never stored: passwords as the service's adaptive hash (bcrypt), session and API tokens as the
/// SHA-256 of a 256-bit random value (so a copy of the database lets nobody in).
enum AccountsTable {
    static func create(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE account (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                username TEXT NOT NULL UNIQUE COLLATE NOCASE,
                password_hash TEXT NOT NULL,
                role TEXT NOT NULL CHECK (role IN ('admin', 'member', 'viewer')),
                created_date REAL NOT NULL
            );
            CREATE TABLE credential (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                account_id INTEGER NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                kind TEXT NOT NULL CHECK (kind IN ('session', 'token')),
                secret_hash TEXT NOT NULL UNIQUE,
                name TEXT NOT NULL DEFAULT '',
                created_date REAL NOT NULL,
                expires_date REAL
            );
            CREATE INDEX credential_by_account ON credential(account_id, kind);
            CREATE TABLE audit_log (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                date REAL NOT NULL,
                account_id INTEGER,
                username TEXT NOT NULL,
                action TEXT NOT NULL,
                detail TEXT NOT NULL
            );
            CREATE TABLE shared_link (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                secret_hash TEXT NOT NULL UNIQUE,
                collection_id INTEGER NOT NULL REFERENCES collection(id) ON DELETE CASCADE,
                created_by INTEGER REFERENCES account(id) ON DELETE SET NULL,
                created_date REAL NOT NULL,
                expires_date REAL,
                password_hash TEXT
            );
            CREATE INDEX shared_link_by_collection ON shared_link(collection_id);
            CREATE TABLE asset_owner (
                asset_id INTEGER PRIMARY KEY REFERENCES asset(id) ON DELETE CASCADE,
                account_id INTEGER NOT NULL REFERENCES account(id) ON DELETE CASCADE
            );
            CREATE TABLE collection_owner (
                collection_id INTEGER PRIMARY KEY REFERENCES collection(id) ON DELETE CASCADE,
                account_id INTEGER NOT NULL REFERENCES account(id) ON DELETE CASCADE
            );
            CREATE TABLE change_receipt (
                scope TEXT NOT NULL,
                key TEXT NOT NULL,
                request_hash TEXT NOT NULL,
                response TEXT NOT NULL,
                change_token INTEGER,
                created_date REAL NOT NULL,
                PRIMARY KEY (scope, key)
            ) WITHOUT ROWID;
            """)
    }
}
