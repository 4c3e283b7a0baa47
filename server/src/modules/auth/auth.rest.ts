import { Router } from 'express';
import { route, requireUser } from '../../rest/http.js';
import { userDto } from '../users/user.dto.js';
import type { AuthResult } from './auth.service.js';
import { MESSAGES } from '../../shared/rules.js';

const authDto = (r: AuthResult) => ({ access_token: r.accessToken, token_type: 'bearer', user: userDto(r.user) });

export function authRoutes(): Router {
  const r = Router();
  r.post(
    '/auth/register',
    route(async (req, res) => {
      res.status(201);
      return authDto(await req.ctx.services.auth.register(req.body, req.ctx.ip));
    }),
  );
  r.post(
    '/auth/login',
    route(async (req) => authDto(await req.ctx.services.auth.login(req.body, req.ctx.ip))),
  );
  r.get(
    '/auth/me',
    route((req) => userDto(requireUser(req))),
  );
  r.put(
    '/auth/me',
    route(async (req) => userDto(await req.ctx.services.users.updateProfile(requireUser(req), req.body))),
  );
  r.post(
    '/auth/verify-email',
    route(async (req) => {
      const user = await req.ctx.services.auth.verifyEmail(req.body);
      return { message: 'Email verified successfully!', email_verified: true, user: userDto(user) };
    }),
  );
  r.post(
    '/auth/resend-verification',
    route(async (req) => {
      const email = req.body?.email ?? req.ctx.user?.email;
      return { message: await req.ctx.services.auth.resendVerification({ ...req.body, email }, req.ctx.ip) };
    }),
  );
  r.get(
    '/auth/email-verification-status',
    route((req) => ({ email_verified: requireUser(req).emailVerified })),
  );
  r.post(
    '/auth/logout-all',
    route(async (req) => ({ message: await req.ctx.services.accountSecurity.logoutAll(requireUser(req)) })),
  );
  r.post(
    '/auth/forgot-password',
    route(async (req) => ({ message: await req.ctx.services.accountSecurity.forgotPassword(req.body, req.ctx.ip) })),
  );
  r.post(
    '/auth/reset-password',
    route(async (req) => ({ message: await req.ctx.services.accountSecurity.resetPassword(req.body) })),
  );
  r.post(
    '/auth/change-password',
    route(async (req) => ({
      message: MESSAGES.passwordChanged,
      ...authDto(await req.ctx.services.accountSecurity.changePassword(requireUser(req), req.body)),
    })),
  );
  r.post(
    '/auth/change-email',
    route(async (req) => ({ message: await req.ctx.services.accountSecurity.requestEmailChange(requireUser(req), req.body) })),
  );
  r.post(
    '/auth/confirm-email-change',
    route(async (req) => ({
      message: MESSAGES.emailChanged,
      user: userDto(await req.ctx.services.accountSecurity.confirmEmailChange(req.body)),
    })),
  );
  return r;
}
