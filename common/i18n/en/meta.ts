// English interface text (meta), exactly the specification's (SPEC.md).
export const meta = {} as const;
