export * from './events';
export * from './messages';
export * from './form-messages';
export * from './auth';
export * from './password';
export * from './profile';
export * from './schemas';
export * from './staff-account';
export * from './email-claim';
export * from './first-admin';
export * from './account-directory';
export {
  userDecider,
  initialUserState,
  canLogIn,
  VERIFICATION_TOKEN_TTL_MS,
  MAX_PENDING_VERIFICATION_LINKS,
  REGISTRATION_NOTICE_QUIET_MS,
  PASSWORD_RESET_TOKEN_TTL_MS,
  MAX_PENDING_PASSWORD_RESETS,
  RECOVERY_CODE_COUNT,
  mayHaveSecondFactor,
  noSecondFactor,
  type UserCommand,
  type UserState,
  type VerificationToken,
  type LoginCheck,
  type RegisterUser,
  type ResendVerification,
  type VerifyEmail,
  type NoteRegistrationAttempt,
  type CreateUserByAdmin,
  type ChangeUserDetails,
  type ChangeUserRole,
  type ChangeUserStatus,
  type DeleteUser,
  type UpdateStudentProfile,
  type RequestPasswordReset,
  type ResetPassword,
  type ChangePassword,
  type StartSecondFactorEnrolment,
  type ConfirmSecondFactor,
  type UseSecondFactorCode,
  type UseRecoveryCode,
  type ResetSecondFactor,
  type SecondFactorState,
  type RecoveryCode,
} from './decider';
export * from './contracts';
