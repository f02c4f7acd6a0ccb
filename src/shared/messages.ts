// Messages that both sides show: the API sends them in its replies, and the admin shows the same words when it
// confirms an action or refuses a form before sending it. One copy here keeps the two in step.

export const AUTH_MESSAGES = {
  adminExists: 'Admin already exists. Please use login instead.',
  adminCreated: 'Admin account created successfully',
  setupCodeMissing:
    'This site needs a setup code before its first admin can be created: set ADMIN_SETUP_CODE in the site settings, redeploy, then enter it here.',
  setupCodeWrong: 'The setup code is not correct',
  invalidLogin: 'Invalid username or password',
  loggedIn: 'Login successful',
  loggedOut: 'Logged out successfully',
  otpSent: 'OTP sent to your email',
  otpVerified: 'OTP verified! Set your new password',
  invalidOtp: 'Invalid or expired code',
  invalidResetToken: 'Invalid or expired reset token. Please start again.',
  passwordReset: 'Password reset successfully! You can now login',
  wrongCurrentPassword: 'Current password is incorrect',
  samePassword: 'New password must be different from the current password',
  sameEmail: 'New email must be different from the current email',
  emailTaken: 'This email address is already in use',
  emailUpdated: 'Email updated successfully',
  passwordUpdated: 'Password updated successfully',
  authRequired: 'Authentication required',
  sessionInvalid: 'Your session has expired or is no longer valid. Please log in again.',
} as const;

export const SERVICE_MESSAGES = {
  created: 'Service created successfully!',
  updated: 'Service updated successfully!',
  deleted: 'Service deleted successfully',
  notFound: 'Service not found',
} as const;

export const BANNER_MESSAGES = {
  created: 'Banner created successfully',
  updated: 'Banner updated successfully',
  deleted: 'Banner deleted successfully',
  notFound: 'Banner not found',
  mediaRequired: 'Please select an image or video for the banner',
} as const;
