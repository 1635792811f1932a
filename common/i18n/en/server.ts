// English interface text (server), exactly the specification's (SPEC.md).
export const server = {} as const;
