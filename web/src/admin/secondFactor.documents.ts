import { gql, type TypedDocumentNode } from '@apollo/client';
import type {
  AdminConfirmTotpMutation,
  AdminConfirmTotpMutationVariables,
  AdminEndSessionMutation,
  AdminEndSessionMutationVariables,
  AdminLogoutMutation,
  AdminLogoutMutationVariables,
  AdminNewRecoveryCodesMutation,
  AdminNewRecoveryCodesMutationVariables,
  AdminPasskeyLoginOptionsMutation,
  AdminPasskeyLoginOptionsMutationVariables,
  AdminPasskeyRegistrationOptionsMutation,
  AdminPasskeyRegistrationOptionsMutationVariables,
  AdminRegisterPasskeyMutation,
  AdminRegisterPasskeyMutationVariables,
  AdminRemoveFactorMutation,
  AdminRemoveFactorMutationVariables,
  AdminSecurityQuery,
  AdminSecurityQueryVariables,
  AdminStartTotpMutation,
  AdminStartTotpMutationVariables,
  AdminVerifyPasskeyMutation,
  AdminVerifyPasskeyMutationVariables,
  AdminVerifyRecoveryCodeMutation,
  AdminVerifyRecoveryCodeMutationVariables,
  AdminVerifyTotpMutation,
  AdminVerifyTotpMutationVariables,
} from '../gql/graphql';

/** The admin's second factor (issue 26, docs/decisions/091-093): sign-in step, enrolment, sessions. */

export const ADMIN_VERIFY_TOTP_MUTATION: TypedDocumentNode<AdminVerifyTotpMutation, AdminVerifyTotpMutationVariables> = gql`
  mutation AdminVerifyTotp($input: TotpCodeInput!) {
    adminVerifyTotp(input: $input) {
      expiresAt
    }
  }
`;

export const ADMIN_VERIFY_RECOVERY_CODE_MUTATION: TypedDocumentNode<AdminVerifyRecoveryCodeMutation, AdminVerifyRecoveryCodeMutationVariables> = gql`
  mutation AdminVerifyRecoveryCode($input: RecoveryCodeInput!) {
    adminVerifyRecoveryCode(input: $input) {
      expiresAt
    }
  }
`;

export const ADMIN_PASSKEY_LOGIN_OPTIONS_MUTATION: TypedDocumentNode<AdminPasskeyLoginOptionsMutation, AdminPasskeyLoginOptionsMutationVariables> = gql`
  mutation AdminPasskeyLoginOptions {
    adminPasskeyLoginOptions
  }
`;

export const ADMIN_VERIFY_PASSKEY_MUTATION: TypedDocumentNode<AdminVerifyPasskeyMutation, AdminVerifyPasskeyMutationVariables> = gql`
  mutation AdminVerifyPasskey($input: PasskeyResponseInput!) {
    adminVerifyPasskey(input: $input) {
      expiresAt
    }
  }
`;

export const ADMIN_SECURITY_QUERY: TypedDocumentNode<AdminSecurityQuery, AdminSecurityQueryVariables> = gql`
  query AdminSecurity {
    adminSecurity {
      required
      recoveryCodesLeft
      factors {
        id
        kind
        label
        createdAt
        lastUsedAt
      }
    }
    adminSessions {
      id
      factor
      ip
      userAgent
      createdAt
      lastSeenAt
      expiresAt
      current
    }
  }
`;

export const ADMIN_START_TOTP_MUTATION: TypedDocumentNode<AdminStartTotpMutation, AdminStartTotpMutationVariables> = gql`
  mutation AdminStartTotp($input: FactorLabelInput!) {
    adminStartTotp(input: $input) {
      factorId
      secret
      uri
      qrCode
    }
  }
`;

export const ADMIN_CONFIRM_TOTP_MUTATION: TypedDocumentNode<AdminConfirmTotpMutation, AdminConfirmTotpMutationVariables> = gql`
  mutation AdminConfirmTotp($input: ConfirmTotpInput!) {
    adminConfirmTotp(input: $input) {
      factor {
        id
      }
      recoveryCodes
      session {
        expiresAt
      }
    }
  }
`;

export const ADMIN_PASSKEY_REGISTRATION_OPTIONS_MUTATION: TypedDocumentNode<AdminPasskeyRegistrationOptionsMutation, AdminPasskeyRegistrationOptionsMutationVariables> = gql`
  mutation AdminPasskeyRegistrationOptions {
    adminPasskeyRegistrationOptions
  }
`;

export const ADMIN_REGISTER_PASSKEY_MUTATION: TypedDocumentNode<AdminRegisterPasskeyMutation, AdminRegisterPasskeyMutationVariables> = gql`
  mutation AdminRegisterPasskey($input: RegisterPasskeyInput!) {
    adminRegisterPasskey(input: $input) {
      factor {
        id
      }
      recoveryCodes
      session {
        expiresAt
      }
    }
  }
`;

export const ADMIN_REMOVE_FACTOR_MUTATION: TypedDocumentNode<AdminRemoveFactorMutation, AdminRemoveFactorMutationVariables> = gql`
  mutation AdminRemoveFactor($input: SecondFactorIdInput!) {
    adminRemoveFactor(input: $input) {
      required
    }
  }
`;

export const ADMIN_NEW_RECOVERY_CODES_MUTATION: TypedDocumentNode<AdminNewRecoveryCodesMutation, AdminNewRecoveryCodesMutationVariables> = gql`
  mutation AdminNewRecoveryCodes {
    adminNewRecoveryCodes {
      codes
    }
  }
`;

export const ADMIN_END_SESSION_MUTATION: TypedDocumentNode<AdminEndSessionMutation, AdminEndSessionMutationVariables> = gql`
  mutation AdminEndSession($input: SecondFactorIdInput!) {
    adminEndSession(input: $input) {
      id
    }
  }
`;

export const ADMIN_LOGOUT_MUTATION: TypedDocumentNode<AdminLogoutMutation, AdminLogoutMutationVariables> = gql`
  mutation AdminLogout {
    adminLogout
  }
`;
