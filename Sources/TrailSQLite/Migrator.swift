import Foundation

/// Named schema migrations, applied in order and recorded in the database (as GRDB does).
///
/// Each migration runs in its own transaction and is recorded in the table
/// `cairn_migrations(name, applied_at)`. A database that has a migration this build does not
/// know was written by a newer Cairn: ``migrate(_:)`` refuses it and changes nothing.
public struct Migrator {
    /// A migration: a unique name and the work it does.
    public struct Migration {
        public let name: String
        public let apply: (Connection) throws -> Void
        public init(name: String, apply: @escaping (Connection) throws -> Void) {
            self.name = name
            self.apply = apply
        }
    }

    /// Thrown when the file records migrations unknown to this build.
    public struct NewerSchemaError: Error, CustomStringConvertible, Equatable {
        /// The unknown migration names, as recorded in the file.
        public let unknown: [String]
        public var description: String {
            "this file was written by a newer version of cairn (unknown schema changes: "
                + unknown.joined(separator: ", ") + "); it was not modified"
        }
    }

    public private(set) var migrations: [Migration] = []

    public init() {}

    /// Adds a migration at the end of the list. Names must be unique.
    public mutating func register(_ name: String, _ apply: @escaping (Connection) throws -> Void) {
        precondition(!migrations.contains { $0.name == name }, "duplicate migration \(name)")
        migrations.append(Migration(name: name, apply: apply))
    }

    /// Names of the migrations recorded in `db`, in the order they were applied.
    public func appliedMigrations(_ db: Connection) throws -> [String] {
        guard try db.tableExists("cairn_migrations") else { return [] }
        return try db.query("SELECT name FROM cairn_migrations ORDER BY rowid") { $0.string(0) }
    }

    /// Applies every migration not yet recorded. Safe when two processes migrate one file at
    /// once: each migration is re-checked under the write lock.
    /// - Throws: ``NewerSchemaError`` (nothing changed), or what a migration throws (that
    ///   migration is rolled back; earlier ones stay applied).
    ///
    /// - Parameter freshSchema: when given and `db` holds no schema at all (a new file, nothing
    ///   in `sqlite_master`), it is called instead of the migrations and must create the schema
    ///   they would leave; every migration is then recorded as applied, all in one transaction
    ///   (one commit, so a new file costs one journal's syncs instead of one per migration). When
    ///   another process created the schema first, the migrations run as without it.
    public func migrate(_ db: Connection, freshSchema: ((Connection) throws -> Void)? = nil) throws {
        var applied = try appliedMigrations(db)
        if applied.isEmpty, let freshSchema, try db.scalar("SELECT count(*) FROM sqlite_master")?.integer == 0 {
            let made = try db.transaction { () throws -> Bool in
                // Checked again under the write lock: another process may have begun the schema.
                guard try db.scalar("SELECT count(*) FROM sqlite_master")?.integer == 0 else { return false }
                try db.execute("CREATE TABLE IF NOT EXISTS cairn_migrations (name TEXT PRIMARY KEY NOT NULL, applied_at TEXT NOT NULL)")
                try freshSchema(db)
                for m in migrations {
                    try db.run("INSERT INTO cairn_migrations(name, applied_at) VALUES (?, datetime('now'))", [.text(m.name)])
                }
                return true
            }
            if made { return }
            applied = try appliedMigrations(db)
        }
        let known = Set(migrations.map(\.name))
        let unknown = applied.filter { !known.contains($0) }
        guard unknown.isEmpty else { throw NewerSchemaError(unknown: unknown) }
        let done = Set(applied)
        for m in migrations where !done.contains(m.name) {
            try db.transaction {
                try db.execute("CREATE TABLE IF NOT EXISTS cairn_migrations (name TEXT PRIMARY KEY NOT NULL, applied_at TEXT NOT NULL)")
                // Another process may have applied it between our read and our write lock.
                guard try db.scalar("SELECT 1 FROM cairn_migrations WHERE name = ?", [.text(m.name)]) == nil else { return }
                try m.apply(db)
                try db.run("INSERT INTO cairn_migrations(name, applied_at) VALUES (?, datetime('now'))", [.text(m.name)])
            }
        }
    }
}
