import { Type, type Static, type TSchema } from 'typebox';
import {
  CANARY_PERCENT_MAX,
  CANARY_PERCENT_MIN,
  RELEASE_ACTIONS,
  RELEASE_ACTOR_KINDS,
  BUILT_AT_PATTERN,
  RELEASE_ID_PATTERN,
  REMOTE_NAME_PATTERN,
} from './release-values';

export * from './release-values';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const RemoteName = Type.String({ pattern: REMOTE_NAME_PATTERN, maxLength: 40 });
export const ReleaseId = Type.String({ pattern: RELEASE_ID_PATTERN, maxLength: 80 });
const Reason = Type.String({ minLength: 1, maxLength: 500 });
/** The pointer's version the caller decided on: refused with 409 when it moved since (compare-and-swap). */
const ExpectedVersion = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

export const ReleaseFile = Type.Object({
  path: Type.String({ minLength: 1, maxLength: 500 }),
  size: Type.Integer({ minimum: 0 }),
  sha256: Type.String({ pattern: '^[0-9a-f]{64}$' }),
});

/**
 * A release's release.json as the release package writes it (issue 38 §1). The registry reads the fields named here
 * and keeps the whole document as published: the package may add fields (builder, federation version…) without a
 * registry change, so the document itself is open; the request around it is not.
 */
export const ReleaseJson = Type.Object(
  {
    remote: RemoteName,
    id: ReleaseId,
    commit: Type.String({ minLength: 4, maxLength: 64 }),
    builtAt: Type.String({ pattern: BUILT_AT_PATTERN, maxLength: 40 }),
    files: Type.Array(ReleaseFile, { maxItems: 10_000 }),
    /** What a first visit of the remote downloads from the release: its brotli bytes (and which files). */
    firstVisit: Type.Optional(
      Type.Object(
        { brotliBytes: Type.Integer({ minimum: 0, maximum: 2_147_483_647 }) },
        { additionalProperties: true },
      ),
    ),
    /** Issue 38 §3 and §4: the remote's routes, menu entries and what it requires from the host. */
    routes: Type.Optional(Type.Array(Type.Unknown(), { maxItems: 200 })),
    menu: Type.Optional(Type.Array(Type.Unknown(), { maxItems: 200 })),
    requirements: Type.Optional(Type.Object({}, { additionalProperties: true })),
  },
  { additionalProperties: true },
);
export type ReleaseJson = Static<typeof ReleaseJson>;

export const RegisterReleaseBody = Type.Object({ release: ReleaseJson }, { additionalProperties: false });
export type RegisterReleaseBody = Static<typeof RegisterReleaseBody>;

export const RemoteParams = Type.Object({ remote: RemoteName }, { additionalProperties: false });
export type RemoteParams = Static<typeof RemoteParams>;

export const PromoteBody = Type.Object(
  {
    id: ReleaseId,
    /** Start the release as a canary for this share of users instead of putting it live for everyone. */
    canary: Type.Optional(Type.Integer({ minimum: CANARY_PERCENT_MIN, maximum: CANARY_PERCENT_MAX })),
    reason: Type.Optional(Reason),
    version: Type.Optional(ExpectedVersion),
  },
  { additionalProperties: false },
);
export type PromoteBody = Static<typeof PromoteBody>;

export const RollbackBody = Type.Object(
  { reason: Type.Optional(Reason), version: Type.Optional(ExpectedVersion) },
  { additionalProperties: false },
);
export type RollbackBody = Static<typeof RollbackBody>;

export const HistoryQuery = Type.Object(
  { limit: Type.Integer({ minimum: 1, maximum: 500, default: 50 }) },
  { additionalProperties: false },
);
export type HistoryQuery = Static<typeof HistoryQuery>;

export const ReleaseSummary = Type.Object(
  {
    remote: Type.String(),
    id: Type.String(),
    commit: Type.String(),
    builtAt: Type.String(),
    filesCount: Type.Integer(),
    firstVisitBytes: Nullable(Type.Integer()),
    registeredAt: Type.String(),
    registeredBy: Type.String(),
  },
  { additionalProperties: false },
);
export type ReleaseSummary = Static<typeof ReleaseSummary>;

export const RemoteStatus = Type.Object(
  {
    remote: Type.String(),
    live: Nullable(ReleaseSummary),
    canary: Nullable(
      Type.Object({ release: ReleaseSummary, percent: Type.Integer() }, { additionalProperties: false }),
    ),
    /** The pointer's version (null before the first promote): send it back to promote or roll back safely. */
    version: Nullable(Type.Integer()),
    updatedAt: Nullable(Type.String()),
    /** Releases registered for this remote. */
    registered: Type.Integer(),
  },
  { additionalProperties: false },
);
export type RemoteStatus = Static<typeof RemoteStatus>;

export const RegistryStatus = Type.Object(
  { data: Type.Array(RemoteStatus) },
  { additionalProperties: false },
);
export type RegistryStatus = Static<typeof RegistryStatus>;

export const ReleaseEvent = Type.Object(
  {
    id: Type.Integer(),
    remote: Type.String(),
    action: Type.Enum(RELEASE_ACTIONS),
    fromId: Nullable(Type.String()),
    toId: Nullable(Type.String()),
    canaryPercent: Nullable(Type.Integer()),
    reason: Nullable(Type.String()),
    actorKind: Type.Enum(RELEASE_ACTOR_KINDS),
    actor: Type.String(),
    at: Type.String(),
  },
  { additionalProperties: false },
);
export type ReleaseEvent = Static<typeof ReleaseEvent>;

export const ReleaseHistory = Type.Object(
  { data: Type.Array(ReleaseEvent) },
  { additionalProperties: false },
);
export type ReleaseHistory = Static<typeof ReleaseHistory>;

export const RegisteredRelease = Type.Object(
  { message: Type.String(), data: ReleaseSummary },
  { additionalProperties: false },
);
export type RegisteredRelease = Static<typeof RegisteredRelease>;

export const PointerChange = Type.Object(
  { message: Type.String(), data: RemoteStatus },
  { additionalProperties: false },
);
export type PointerChange = Static<typeof PointerChange>;

/** A remote's registered releases, newest registered first (the admin screen « Versions des modules »). */
export const RemoteReleases = Type.Object(
  { data: Type.Array(ReleaseSummary) },
  { additionalProperties: false },
);
export type RemoteReleases = Static<typeof RemoteReleases>;
