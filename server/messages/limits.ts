/** The longest each field may be, in characters (the form's maxlength comes from here too). */
export const CONTACT_LIMITS = { name: 100, email: 254, subject: 150, message: 5000 } as const;
