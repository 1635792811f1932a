// English interface text (pages), exactly the specification's (SPEC.md).
export const pages = {} as const;
