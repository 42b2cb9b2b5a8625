import type { Migration } from "../migrations";
import { journeyPathStatements } from "../sql/journeyPathSql";
import { openJourneysInsertSql } from "../sql/openJourneySql";

/**
 * The warehouse schema as an ordered list of migrations. Each runs once, in its own
 * transaction, and is recorded in `schema_migrations`; later issues append migrations
 * (hits, orders, costs, attribution facts) instead of editing earlier ones.
 *
 * The DDL uses types both DuckDB and ClickHouse know (INTEGER, BIGINT, VARCHAR,
 * BOOLEAN); times are epoch milliseconds in BIGINT columns. Constraints and table
 * engines are what an engine-specific migration list would change.
 */

export const migrationLedger = `CREATE TABLE IF NOT EXISTS schema_migrations (
  version INTEGER PRIMARY KEY,
  name VARCHAR NOT NULL,
  applied_at BIGINT NOT NULL
)`;

export const migrations: ReadonlyArray<Migration> = [
  {
    version: 1,
    name: "accounts, sessions, password resets and messages",
    statements: [
      `CREATE TABLE programs (
        id INTEGER PRIMARY KEY,
        code VARCHAR NOT NULL UNIQUE,
        name VARCHAR NOT NULL,
        currency VARCHAR NOT NULL,
        utc_offset VARCHAR NOT NULL,
        locale VARCHAR NOT NULL
      )`,
      `CREATE TABLE users (
        id INTEGER PRIMARY KEY,
        username VARCHAR NOT NULL UNIQUE,
        email VARCHAR NOT NULL,
        password_hash VARCHAR NOT NULL,
        is_admin BOOLEAN NOT NULL
      )`,
      `CREATE TABLE program_members (
        program_id INTEGER NOT NULL,
        user_id INTEGER NOT NULL,
        PRIMARY KEY (program_id, user_id)
      )`,
      `CREATE TABLE sessions (
        token_digest VARCHAR PRIMARY KEY,
        user_id INTEGER NOT NULL,
        opened_at BIGINT NOT NULL,
        expires_at BIGINT NOT NULL
      )`,
      `CREATE TABLE password_resets (
        token_digest VARCHAR PRIMARY KEY,
        user_id INTEGER NOT NULL,
        email VARCHAR NOT NULL,
        issued_at BIGINT NOT NULL,
        expires_at BIGINT NOT NULL,
        used_at BIGINT
      )`,
      `CREATE TABLE messages (
        id INTEGER PRIMARY KEY,
        audience VARCHAR NOT NULL,
        user_id INTEGER,
        program_id INTEGER,
        html VARCHAR NOT NULL,
        meta_icon VARCHAR,
        meta_type VARCHAR,
        created_at BIGINT NOT NULL
      )`,
      `CREATE TABLE message_dismissals (
        message_id INTEGER NOT NULL,
        user_id INTEGER NOT NULL,
        dismissed_at BIGINT NOT NULL,
        PRIMARY KEY (message_id, user_id)
      )`,
    ],
  },
  {
    version: 2,
    name: "raw traffic and orders, costs, classification, settings and report configuration",
    statements: [
      // Per-program attribution settings: the multi-touch model and the lookback in days.
      `CREATE TABLE program_settings (
        program_id INTEGER PRIMARY KEY,
        attribution_model VARCHAR NOT NULL,
        lookback_days INTEGER NOT NULL
      )`,
      // Raw hits as ingested; taxonomy_1..4 are written by classification ('None' where no rule fills a level).
      // hit_date is the hit's calendar day in the program's UTC offset.
      `CREATE TABLE hits (
        program_id INTEGER NOT NULL,
        hit_id BIGINT NOT NULL,
        visitor_id VARCHAR NOT NULL,
        ts BIGINT NOT NULL,
        hit_date DATE NOT NULL,
        event_type VARCHAR NOT NULL,
        source VARCHAR,
        medium VARCHAR,
        campaign VARCHAR,
        content VARCHAR,
        term VARCHAR,
        referrer VARCHAR,
        landing_url VARCHAR,
        publisher_id VARCHAR,
        cost_link VARCHAR,
        taxonomy_1 VARCHAR NOT NULL DEFAULT 'None',
        taxonomy_2 VARCHAR NOT NULL DEFAULT 'None',
        taxonomy_3 VARCHAR NOT NULL DEFAULT 'None',
        taxonomy_4 VARCHAR NOT NULL DEFAULT 'None'
      )`,
      // order_date is the conversion day in the program's UTC offset.
      `CREATE TABLE orders (
        program_id INTEGER NOT NULL,
        order_id VARCHAR NOT NULL,
        visitor_id VARCHAR NOT NULL,
        ts BIGINT NOT NULL,
        order_date DATE NOT NULL,
        amount DOUBLE NOT NULL,
        status VARCHAR NOT NULL,
        customer_type VARCHAR NOT NULL,
        payment VARCHAR NOT NULL
      )`,
      // The classification tree as the editor saves it (one JSON document per program, src/domain/classification/classification.ts).
      `CREATE TABLE classifications (
        program_id INTEGER PRIMARY KEY,
        tree VARCHAR NOT NULL,
        saved_at BIGINT NOT NULL
      )`,
      // Fixed (manual) spend configurations; meta of the API is built from frequency and original_frequency.
      `CREATE TABLE fixed_costs (
        id INTEGER NOT NULL,
        program_id INTEGER NOT NULL,
        taxonomy_1 VARCHAR NOT NULL,
        taxonomy_2 VARCHAR NOT NULL DEFAULT 'None',
        taxonomy_3 VARCHAR NOT NULL DEFAULT 'None',
        taxonomy_4 VARCHAR NOT NULL DEFAULT 'None',
        cost DOUBLE NOT NULL,
        start_date DATE NOT NULL,
        end_date DATE,
        frequency VARCHAR NOT NULL,
        original_frequency VARCHAR NOT NULL,
        created_at BIGINT NOT NULL
      )`,
      `CREATE TABLE variable_costs (
        id INTEGER NOT NULL,
        program_id INTEGER NOT NULL,
        taxonomy_1 VARCHAR NOT NULL,
        cost DOUBLE NOT NULL,
        cost_date DATE NOT NULL,
        cost_link VARCHAR NOT NULL
      )`,
      `CREATE TABLE annotations (
        id INTEGER NOT NULL,
        program_id INTEGER NOT NULL,
        note_date DATE NOT NULL,
        colour VARCHAR NOT NULL,
        text VARCHAR NOT NULL,
        created_by INTEGER,
        created_at BIGINT NOT NULL
      )`,
      `CREATE TABLE seasonality_types (
        id INTEGER NOT NULL,
        program_id INTEGER NOT NULL,
        name VARCHAR NOT NULL
      )`,
      // A week (its Monday) tagged with one seasonality type.
      `CREATE TABLE seasonality_tags (
        program_id INTEGER NOT NULL,
        week_start DATE NOT NULL,
        seasonality_type_id INTEGER NOT NULL
      )`,
      `CREATE TABLE column_sets (
        id INTEGER NOT NULL,
        user_id INTEGER NOT NULL,
        name VARCHAR NOT NULL,
        columns VARCHAR NOT NULL,
        created_at BIGINT NOT NULL
      )`,
      `CREATE TABLE column_set_favourites (
        user_id INTEGER PRIMARY KEY,
        column_set_id INTEGER NOT NULL
      )`,
      // Named data sets a program registers (besides the built-in 'valid' and 'cancelled'):
      // a rule over orders, field in (status, customer_type, payment), operator '=' or '!=', value.
      `CREATE TABLE data_sets (
        id INTEGER NOT NULL,
        program_id INTEGER NOT NULL,
        data_set_tag VARCHAR NOT NULL,
        field VARCHAR NOT NULL,
        operator VARCHAR NOT NULL,
        value VARCHAR NOT NULL
      )`,
      // Custom reports registered for a program: a start level and order rules (JSON); meta is JSON.
      `CREATE TABLE custom_reports (
        id INTEGER NOT NULL,
        program_id INTEGER NOT NULL,
        name VARCHAR NOT NULL,
        level VARCHAR NOT NULL,
        rules VARCHAR NOT NULL,
        meta VARCHAR NOT NULL,
        created_at BIGINT NOT NULL
      )`,
      // Ad-platform accounts the connectors service simulates, per user and platform.
      `CREATE TABLE connector_accounts (
        user_id INTEGER NOT NULL,
        platform VARCHAR NOT NULL,
        account_id VARCHAR NOT NULL,
        account_name VARCHAR NOT NULL,
        active BOOLEAN NOT NULL
      )`,
      `CREATE TABLE connector_grants (
        user_id INTEGER NOT NULL,
        platform VARCHAR NOT NULL,
        granted_at BIGINT NOT NULL
      )`,
      `CREATE TABLE connector_states (
        state VARCHAR PRIMARY KEY,
        user_id INTEGER NOT NULL,
        platform VARCHAR NOT NULL,
        issued_at BIGINT NOT NULL,
        used_at BIGINT
      )`,
    ],
  },
  {
    version: 3,
    name: "attribution: touches and daily facts per taxonomy path",
    statements: [
      // One row per touch of an order's journey (docs/engine.md, "Journeys and credit"); an order with no click in its
      // lookback window has one touch to 'Direct' (hit_id NULL, ts = the order's). Credits of one order sum to 1.
      `CREATE TABLE touches (
        program_id INTEGER NOT NULL,
        order_id VARCHAR NOT NULL,
        touch_index INTEGER NOT NULL,
        touch_count INTEGER NOT NULL,
        hit_id BIGINT,
        taxonomy_1 VARCHAR NOT NULL,
        taxonomy_2 VARCHAR NOT NULL,
        taxonomy_3 VARCHAR NOT NULL,
        taxonomy_4 VARCHAR NOT NULL,
        ts BIGINT NOT NULL,
        first_credit DOUBLE NOT NULL,
        last_credit DOUBLE NOT NULL,
        attributed_credit DOUBLE NOT NULL,
        funnel_role VARCHAR NOT NULL,
        order_date DATE NOT NULL,
        amount DOUBLE NOT NULL,
        status VARCHAR NOT NULL,
        customer_type VARCHAR NOT NULL,
        payment VARCHAR NOT NULL
      )`,
      // The daily facts below are kept PER LEVEL: level 4 rows hold full taxonomy paths, level k < 4 rows the
      // roll-up of their prefix (levels below k hold ''), level 0 the program's total. A report reads only the
      // rows of the level it shows, so a level-one table over a year reads a few thousand rows whatever the
      // number of hits.
      // Clicks and impressions per hit day and taxonomy prefix.
      `CREATE TABLE traffic_facts (
        program_id INTEGER NOT NULL,
        day DATE NOT NULL,
        level INTEGER NOT NULL,
        taxonomy_1 VARCHAR NOT NULL,
        taxonomy_2 VARCHAR NOT NULL,
        taxonomy_3 VARCHAR NOT NULL,
        taxonomy_4 VARCHAR NOT NULL,
        clicks BIGINT NOT NULL,
        impressions BIGINT NOT NULL
      )`,
      // Credits and credited revenue per conversion day, taxonomy prefix and order attributes.
      `CREATE TABLE sales_facts (
        program_id INTEGER NOT NULL,
        day DATE NOT NULL,
        level INTEGER NOT NULL,
        taxonomy_1 VARCHAR NOT NULL,
        taxonomy_2 VARCHAR NOT NULL,
        taxonomy_3 VARCHAR NOT NULL,
        taxonomy_4 VARCHAR NOT NULL,
        status VARCHAR NOT NULL,
        customer_type VARCHAR NOT NULL,
        payment VARCHAR NOT NULL,
        first_click_sales DOUBLE NOT NULL,
        first_click_revenue DOUBLE NOT NULL,
        last_click_sales DOUBLE NOT NULL,
        last_click_revenue DOUBLE NOT NULL,
        attributed_sales DOUBLE NOT NULL,
        attributed_revenue DOUBLE NOT NULL,
        solo_revenue DOUBLE NOT NULL,
        solo_credit DOUBLE NOT NULL,
        upper_funnel_revenue DOUBLE NOT NULL,
        upper_funnel_credit DOUBLE NOT NULL,
        mid_funnel_revenue DOUBLE NOT NULL,
        mid_funnel_credit DOUBLE NOT NULL,
        lower_funnel_revenue DOUBLE NOT NULL,
        lower_funnel_credit DOUBLE NOT NULL
      )`,
      // Distinct orders whose journey includes a taxonomy prefix: a level's count is not the sum of its children's,
      // so these could not be rolled up at query time. An order has one day and one set of attributes, so the
      // counts add up across days and attributes.
      `CREATE TABLE inclusion_facts (
        program_id INTEGER NOT NULL,
        day DATE NOT NULL,
        level INTEGER NOT NULL,
        taxonomy_1 VARCHAR NOT NULL,
        taxonomy_2 VARCHAR NOT NULL,
        taxonomy_3 VARCHAR NOT NULL,
        taxonomy_4 VARCHAR NOT NULL,
        status VARCHAR NOT NULL,
        customer_type VARCHAR NOT NULL,
        payment VARCHAR NOT NULL,
        orders BIGINT NOT NULL
      )`,
      // Variable and fixed cost booked per day and taxonomy prefix (docs/engine.md, "Cost").
      `CREATE TABLE cost_facts (
        program_id INTEGER NOT NULL,
        day DATE NOT NULL,
        level INTEGER NOT NULL,
        taxonomy_1 VARCHAR NOT NULL,
        taxonomy_2 VARCHAR NOT NULL,
        taxonomy_3 VARCHAR NOT NULL,
        taxonomy_4 VARCHAR NOT NULL,
        variable_cost DOUBLE NOT NULL,
        fixed_cost DOUBLE NOT NULL
      )`,
      // The ingested cost_link of hits whose cost link a classification extract replaced, so that re-classifying
      // starts again from the ingested values.
      `CREATE TABLE hit_ingested_cost_links (
        program_id INTEGER NOT NULL,
        hit_id BIGINT NOT NULL,
        cost_link VARCHAR
      )`,
      // When each program's facts were last materialised, and with which settings.
      `CREATE TABLE attribution_runs (
        program_id INTEGER NOT NULL,
        attribution_model VARCHAR,
        lookback_days INTEGER,
        materialised_at BIGINT NOT NULL
      )`,
    ],
  },
  {
    version: 4,
    name: "idempotency keys of spend creates",
    statements: [
      // A create's Idempotency-Key, per user, program and route, with the digest of the body it came with and the
      // answer it got; written in the create's own transaction. The primary key refuses a second claim of one key.
      `CREATE TABLE idempotency_keys (
        user_id INTEGER NOT NULL,
        program_id INTEGER NOT NULL,
        route VARCHAR NOT NULL,
        idempotency_key VARCHAR NOT NULL,
        body_digest VARCHAR NOT NULL,
        answer_status INTEGER NOT NULL,
        answer_body VARCHAR NOT NULL,
        created_at BIGINT NOT NULL,
        PRIMARY KEY (user_id, program_id, route, idempotency_key)
      )`,
    ],
  },
  {
    version: 5,
    name: "programs whose cost facts wait for a refresh",
    statements: [
      // A spend write marks its program here in its own transaction; the refresh that rewrites the program's cost
      // facts deletes the mark in its transaction. A database written before this migration holds no marks, so every
      // program it has is marked once: the next start derives their cost facts again.
      `CREATE TABLE cost_refreshes_due (
        program_id INTEGER PRIMARY KEY
      )`,
      "INSERT INTO cost_refreshes_due (program_id) SELECT id FROM programs",
    ],
  },
  {
    version: 6,
    name: "consent states allowed once",
    statements: [
      // 'Allow' on the consent page, once per state (the primary key refuses a second); the grant itself is written
      // only when the same user redeems the state with its code (docs/engine.md, "Connections and consent").
      `CREATE TABLE connector_consents (
        state VARCHAR PRIMARY KEY,
        allowed_at BIGINT NOT NULL
      )`,
    ],
  },
  {
    version: 7,
    name: "the classification's version",
    statements: [
      // One more with each save of a program's classification; a save based on an older version is refused (409).
      // A tree saved before this migration counts as version 1.
      "ALTER TABLE classifications ADD COLUMN version INTEGER DEFAULT 1",
    ],
  },
  {
    version: 8,
    name: "journey paths per order",
    statements: [
      // Each distinct taxonomy prefix of a program's touches at each level 1..4 (deeper levels ''), numbered from 1
      // within the program (docs/engine.md, "Journey paths").
      `CREATE TABLE journey_touchpoints (
        program_id INTEGER NOT NULL,
        level INTEGER NOT NULL,
        taxonomy_1 VARCHAR NOT NULL,
        taxonomy_2 VARCHAR NOT NULL,
        taxonomy_3 VARCHAR NOT NULL,
        taxonomy_4 VARCHAR NOT NULL,
        touchpoint INTEGER NOT NULL
      )`,
      // One row per order: its instant, amount, attributes, journey length and, per level k, the numbers of its
      // touches' level-k prefixes, oldest first. Rewritten with the touches by every attribution rebuild.
      `CREATE TABLE journey_paths (
        program_id INTEGER NOT NULL,
        order_id VARCHAR NOT NULL,
        order_date DATE NOT NULL,
        ts BIGINT NOT NULL,
        amount DOUBLE NOT NULL,
        status VARCHAR NOT NULL,
        customer_type VARCHAR NOT NULL,
        payment VARCHAR NOT NULL,
        touch_count INTEGER NOT NULL,
        -- The order's place among the program's orders by (ts, order_id) and by (touch_count, order_id), from 1: the
        -- journeys call's two sorts (ties by order id in the sort's direction) as one integer each.
        date_rank BIGINT NOT NULL,
        length_rank BIGINT NOT NULL,
        path_1 INTEGER[] NOT NULL,
        path_2 INTEGER[] NOT NULL,
        path_3 INTEGER[] NOT NULL,
        path_4 INTEGER[] NOT NULL
      )`,
      // A database written before this migration has touches but no paths: they are written from its touches now.
      ...journeyPathStatements(null),
    ],
  },
  {
    version: 9,
    name: "write keys, collected events and incremental processing",
    statements: [
      // A program's write keys (docs/engine.md, "Ingestion"): only the SHA-256 digest of a key is kept, and its first
      // characters to tell keys apart. A revoked key keeps its row with revoked_at set.
      `CREATE TABLE write_keys (
        id INTEGER PRIMARY KEY,
        program_id INTEGER NOT NULL,
        key_digest VARCHAR NOT NULL UNIQUE,
        prefix VARCHAR NOT NULL,
        created_at BIGINT NOT NULL,
        revoked_at BIGINT
      )`,
      // The id each collected event was sent with and the hit it became: a resent event id is not stored again.
      `CREATE TABLE collected_events (
        program_id INTEGER NOT NULL,
        event_id VARCHAR NOT NULL,
        hit_id BIGINT NOT NULL,
        received_at BIGINT NOT NULL,
        PRIMARY KEY (program_id, event_id)
      )`,
      // What ingestion changed and the incremental processing has not yet folded into the facts: a new hit (hit_id)
      // or a new or replaced order (order_id). Written in the write's transaction, deleted by the processing's.
      `CREATE TABLE ingestion_due (
        program_id INTEGER NOT NULL,
        hit_id BIGINT,
        order_id VARCHAR
      )`,
      // Rows sent in per program, day (UTC), kind ('event' or 'order') and outcome ('accepted', 'duplicate' or a
      // refusal reason), and the latest accepted row's arrival: the ingestion health a data sources screen shows.
      `CREATE TABLE ingestion_tallies (
        program_id INTEGER NOT NULL,
        day DATE NOT NULL,
        kind VARCHAR NOT NULL,
        outcome VARCHAR NOT NULL,
        rows BIGINT NOT NULL,
        last_at BIGINT NOT NULL,
        PRIMARY KEY (program_id, day, kind, outcome)
      )`,
    ],
  },
  {
    version: 10,
    name: "when ingested changes were marked",
    statements: [
      // The app's clock when a write marked the change (docs/engine.md, "Ingestion health"): the oldest mark's age is
      // the processing lag. Marks written before this migration have none and fall back to their event's arrival.
      "ALTER TABLE ingestion_due ADD COLUMN marked_at BIGINT",
    ],
  },
  {
    version: 11,
    name: "publishable and secret write keys",
    statements: [
      // What a key may write (docs/engine.md, "Ingestion"): 'publishable' (events to /collect only) or 'secret' (the
      // order feed too). Keys issued before the split become 'legacy': they act as publishable keys (events only).
      "ALTER TABLE write_keys ADD COLUMN kind VARCHAR DEFAULT 'legacy'",
    ],
  },
  {
    version: 12,
    name: "authors of shared objects and spend versions",
    statements: [
      // Who created a custom report or a seasonality type (annotations have it since 1): only they or an admin may
      // delete it. Rows from before have none: only an admin may.
      "ALTER TABLE custom_reports ADD COLUMN created_by INTEGER",
      "ALTER TABLE seasonality_types ADD COLUMN created_by INTEGER",
      // A fixed spend configuration's version, one more with each edit: an edit names the version it started from.
      "ALTER TABLE fixed_costs ADD COLUMN version INTEGER DEFAULT 1",
    ],
  },
  {
    version: 13,
    name: "when a write key was last used",
    statements: [
      // Shown beside each key on the Data Sources screen (to the minute); keys from before have none until used again.
      "ALTER TABLE write_keys ADD COLUMN last_used_at BIGINT",
    ],
  },
  {
    version: 14,
    name: "ids drawn for records",
    statements: [
      // Every id drawn for a configuration record, by table (server/warehouse/sql/records.ts, nextId): only grows, so
      // an id freed by a delete is never given again and an old link never opens another record.
      "CREATE TABLE id_draws (table_name VARCHAR NOT NULL, id BIGINT NOT NULL)",
    ],
  },
  {
    version: 15,
    name: "custom events and identifies of visitors",
    statements: [
      // What a page's tv('track', name, props) and tv('identify', customerId) send (docs/engine.md, "Visitor
      // events"): kept by their event id, so a resent one is not stored again; never a hit or a touch.
      `CREATE TABLE visitor_events (
        program_id INTEGER NOT NULL,
        event_id VARCHAR NOT NULL,
        visitor_id VARCHAR NOT NULL,
        ts BIGINT NOT NULL,
        kind VARCHAR NOT NULL,
        name VARCHAR,
        props VARCHAR,
        customer_id VARCHAR,
        received_at BIGINT NOT NULL,
        PRIMARY KEY (program_id, event_id)
      )`,
    ],
  },
  {
    version: 16,
    name: "programs' time zones and archiving",
    statements: [
      // The program's IANA time zone (a program made before reads its utc_offset as one, src/domain/programs/programAdmin.ts).
      "ALTER TABLE programs ADD COLUMN time_zone VARCHAR",
      // When an admin archived the program (null while it is not): hidden from program lists and refused by the API, its data kept.
      "ALTER TABLE programs ADD COLUMN archived_at BIGINT",
    ],
  },
  {
    version: 17,
    name: "customers of orders and identified visitors",
    statements: [
      // The customer the order feed names (optional): its journey takes the clicks of every visitor identified as
      // that customer too (docs/engine.md, "Journeys and credit"). Orders from before have none.
      "ALTER TABLE orders ADD COLUMN customer_id VARCHAR",
      // Each visitor id a page identified as a customer (tv('identify', customerId)), with the first and last
      // identify's instants; written with the visitor events.
      `CREATE TABLE visitor_identities (
        program_id INTEGER NOT NULL,
        visitor_id VARCHAR NOT NULL,
        customer_id VARCHAR NOT NULL,
        first_seen BIGINT NOT NULL,
        last_seen BIGINT NOT NULL,
        PRIMARY KEY (program_id, visitor_id, customer_id)
      )`,
    ],
  },
  {
    version: 18,
    name: "when an order last changed",
    statements: [
      // The order's updated_at as the feed or an import sent it (epoch ms; null when it said none): a change older than
      // the stored one's changes nothing (server/warehouse/sql/storedOrders.ts, docs/engine.md "Ingestion").
      "ALTER TABLE orders ADD COLUMN updated_at BIGINT",
    ],
  },
  {
    version: 19,
    name: "data-driven model weights",
    statements: [
      // Each channel's (taxonomy_1) weight under a program's data-driven model, as last fitted (server/engine/modelFitting.ts).
      `CREATE TABLE model_weights (
        program_id INTEGER NOT NULL,
        attribution_model VARCHAR NOT NULL,
        taxonomy_1 VARCHAR NOT NULL,
        weight DOUBLE NOT NULL,
        fitted_at BIGINT NOT NULL
      )`,
    ],
  },
  {
    version: 20,
    name: "people: invitations and last sign-in",
    statements: [
      // When the person last signed in (a session opened: sign-in, first-run setup, an accepted invitation); null before.
      "ALTER TABLE users ADD COLUMN last_signed_in_at BIGINT",
      // What a link of this table is for: 'reset' (its user_id is the user's) or 'invitation' (its user_id is the
      // invitation's id: the person has no account yet). One token mechanism for both (server/auth/tokens.ts).
      "ALTER TABLE password_resets ADD COLUMN purpose VARCHAR DEFAULT 'reset'",
      // An admin's invitation of a person by email, with the role and the programs (ids, comma-separated) they get
      // on accepting it; ended_at once it is accepted or revoked (then its links are used up too).
      `CREATE TABLE invitations (
        id INTEGER PRIMARY KEY,
        email VARCHAR NOT NULL,
        is_admin BOOLEAN NOT NULL,
        program_ids VARCHAR NOT NULL,
        invited_by INTEGER NOT NULL,
        invited_at BIGINT NOT NULL,
        expires_at BIGINT NOT NULL,
        ended_at BIGINT
      )`,
    ],
  },
  {
    version: 21,
    name: "the level and order of data-driven models",
    statements: [
      // The taxonomy level (1 or 2) whose channels a program's data-driven model is fitted at and credits by, and
      // the order (1 to 3) of its Markov chain (docs/engine.md, "Data-driven models"); 1 and 1 before.
      "ALTER TABLE program_settings ADD COLUMN model_level INTEGER DEFAULT 1",
      "ALTER TABLE program_settings ADD COLUMN markov_order INTEGER DEFAULT 1",
    ],
  },
  {
    version: 22,
    name: "audit trail",
    statements: [
      // One line per change of programs, people, roles, invitations, write keys, classification, spend and settings,
      // written in the same transaction as the change (server/warehouse/auditQueries.ts): who (id and name at the
      // time), when (epoch ms), what kind, the program (id and code, null for none), the object (id or code), the
      // action, and the object before and after as bounded JSON text without secrets.
      `CREATE TABLE audit_trail (
        id INTEGER PRIMARY KEY,
        changed_at BIGINT NOT NULL,
        user_id INTEGER NOT NULL,
        user_name VARCHAR NOT NULL,
        kind VARCHAR NOT NULL,
        program_id INTEGER,
        program_code VARCHAR,
        object_ref VARCHAR NOT NULL,
        action VARCHAR NOT NULL,
        before_state VARCHAR,
        after_state VARCHAR
      )`,
    ],
  },
  {
    version: 23,
    name: "journeys that did not convert",
    statements: [
      // Per visitor of a program with an order or a click after its last order: that order, the first and last of
      // those clicks, their instants and their channels at levels 1 and 2 (server/warehouse/sql/openJourneySql.ts), so fitting a
      // data-driven model reads one row per visitor, not the window's clicks; written once here from the data there.
      `CREATE TABLE open_journeys (
        program_id INTEGER NOT NULL,
        visitor_id VARCHAR NOT NULL,
        last_order_id VARCHAR,
        first_ts BIGINT,
        last_ts BIGINT,
        click_ts BIGINT[] NOT NULL,
        path_1 VARCHAR,
        path_2 VARCHAR
      )`,
      openJourneysInsertSql("duckdb", null),
    ],
  },
];
