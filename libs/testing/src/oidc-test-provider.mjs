// A real OpenID provider (oidc-provider) standing in for Google in tests.
// Runs as its own process (the library is ESM-only). Env:
//   OIDC_PORT, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, OIDC_REDIRECT_URI,
//   OIDC_USERS  JSON { login: { sub, email, email_verified, given_name, family_name } }
// Sign-in is automatic: GET /interaction/:uid?login=<login> signs that user in
// (the default user is the first one), and every grant is pre-approved.
import Provider from 'oidc-provider';

const port = Number(process.env.OIDC_PORT);
const issuer = `http://127.0.0.1:${port}`;
const users = JSON.parse(process.env.OIDC_USERS ?? '{}');
const defaultLogin = Object.keys(users)[0];

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: process.env.OIDC_CLIENT_ID,
      client_secret: process.env.OIDC_CLIENT_SECRET,
      redirect_uris: [process.env.OIDC_REDIRECT_URI],
      response_types: ['code'],
      grant_types: ['authorization_code'],
    },
  ],
  pkce: { required: () => true },
  features: { devInteractions: { enabled: false } },
  claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
  cookies: { keys: ['closetly-test-provider-cookie-key'] },
  findAccount: async (_ctx, id) => {
    const user = users[id];
    if (!user) return undefined;
    return { accountId: id, claims: async () => ({ sub: user.sub, email: user.email, email_verified: user.email_verified, given_name: user.given_name, family_name: user.family_name }) };
  },
  loadExistingGrant: async (ctx) => {
    const grant = new provider.Grant({ clientId: ctx.oidc.client.clientId, accountId: ctx.oidc.session.accountId });
    grant.addOIDCScope('openid email profile');
    await grant.save();
    return grant;
  },
  interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
});

provider.use(async (ctx, next) => {
  const match = /^\/interaction\/([^/]+)$/.exec(ctx.path);
  if (!match) return next();
  const login = typeof ctx.query.login === 'string' ? ctx.query.login : defaultLogin;
  await provider.interactionFinished(ctx.req, ctx.res, { login: { accountId: login } }, { mergeWithLastSubmission: false });
  ctx.respond = false;
});

provider.listen(port, '127.0.0.1', () => process.stdout.write(`oidc-test-provider ready ${issuer}\n`));
