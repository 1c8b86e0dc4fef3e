/** Addresses in the portal that mails link to, under PUBLIC_URL. */
export function portalLinks(publicUrl: string) {
  const at = (path: string, query: Record<string, string> = {}) => {
    const url = new URL(path, publicUrl);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    return url.toString();
  };
  return {
    verifyEmail: (token: string) => at('/verify-email', { token }),
    resetPassword: (token: string) => at('/reset-password', { token }),
    signIn: () => at('/auth-Container'),
    jobListings: () => at('/job-listings'),
    myApplications: () => at('/my-applications'),
  };
}

export type PortalLinks = ReturnType<typeof portalLinks>;
