/** The profile's messages (spec §2 and §9), word for word. */
export const PROFILE_MESSAGES = {
  loading: 'Loading profile data...',
  loadFailed: 'Failed to load profile data. Please try again later.',
  saveFailed: 'Failed to save profile. Please try again.',
  unsaved: 'You have unsaved changes',
  save: 'Save Changes',
  saving: 'Saving...',
  complete: 'Profile Complete!',
} as const;
