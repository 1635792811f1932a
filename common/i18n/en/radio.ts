// English interface text (radio), exactly the specification's (SPEC.md).
export const radio = {} as const;
