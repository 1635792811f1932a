// English interface text (news), exactly the specification's (SPEC.md).
export const news = {} as const;
