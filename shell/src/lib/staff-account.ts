/** The signed-in staff account. Work-account sign-in (MSAL) comes with the staff issue; until then nobody is signed in. */
export interface StaffAccount {
  email: string;
}

export function useStaffAccount(): StaffAccount | null {
  return null;
}
