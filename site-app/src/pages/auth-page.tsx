import { useState, type FormEvent } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { isServerPage, safeRedirect } from '../hooks/safe-redirect';
import { LIMITS, MESSAGES, SITE_ROUTES } from '@studio/shared';
import { ForgotPasswordForm } from '../components/auth/forgot-password-form';
import { Tabs } from '../components/ui/tabs';
import {
  EmailField,
  InputField,
  OptionalLabel,
  NewPasswordField,
  PasswordField,
  SubmitButton,
} from '../components/ui/field';
import { useAuth } from '../hooks/use-auth';
import { usePageTitle } from '../hooks/use-page-title';
import { SITE_NAME } from '../site-config';

const BENEFITS = [
  { title: 'Publish posts', text: 'Write and format articles with a rich text editor.' },
  { title: 'SEO optimisation tools', text: 'See how each post scores and what to improve.' },
  { title: 'Comment management', text: 'Review and approve what readers have to say.' },
];

function LoginForm({ onForgot }: { onForgot: () => void }) {
  const { login, loginSecondStep } = useAuth();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const challenge = login.data && 'twoFactorRequired' in login.data ? login.data.challenge : null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    login.mutate({ username: username.trim(), password });
  };

  const onSubmitCode = (event: FormEvent) => {
    event.preventDefault();
    if (challenge) loginSecondStep.mutate({ challenge, code: code.trim() });
  };

  if (challenge) {
    return (
      <form className="form" onSubmit={onSubmitCode} aria-labelledby="two-factor-heading">
        <h2 id="two-factor-heading" className="auth__subtitle">
          Two-factor sign-in
        </h2>
        <InputField
          id="login-code"
          label="Code from your authenticator app"
          hint="Lost your phone? Enter one of your recovery codes instead."
          name="code"
          autoComplete="one-time-code"
          inputMode="text"
          required
          maxLength={32}
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
        <SubmitButton busy={loginSecondStep.isPending} busyLabel="Checking...">
          Verify
        </SubmitButton>
        <button type="button" className="btn btn--link" onClick={() => login.reset()}>
          Start again
        </button>
      </form>
    );
  }

  return (
    <form className="form" onSubmit={onSubmit}>
      <InputField
        id="login-username"
        label="Username or Email"
        name="username"
        autoComplete="username"
        required
        value={username}
        onChange={(e) => setUsername(e.target.value)}
      />
      <PasswordField
        id="login-password"
        label="Password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <SubmitButton busy={login.isPending} busyLabel="Logging in...">
        Login
      </SubmitButton>
      <button type="button" className="btn btn--link" onClick={onForgot}>
        Forgot password?
      </button>
    </form>
  );
}

function RegisterForm() {
  const { register } = useAuth();
  const [form, setForm] = useState({ username: '', email: '', displayName: '', password: '' });
  const set = (field: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [field]: e.target.value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    register.mutate({
      username: form.username.trim(),
      email: form.email.trim(),
      password: form.password,
      displayName: form.displayName.trim() || undefined,
    });
  };

  return (
    <form className="form" onSubmit={onSubmit}>
      <InputField
        id="register-username"
        label="Username"
        name="username"
        autoComplete="username"
        required
        minLength={LIMITS.user.usernameMin}
        maxLength={LIMITS.user.usernameMax}
        value={form.username}
        onChange={set('username')}
      />
      <EmailField
        id="register-email"
        label="Email"
        name="email"
        required
        maxLength={LIMITS.user.emailMax}
        value={form.email}
        onChange={set('email')}
      />
      <InputField
        id="register-display-name"
        label={<OptionalLabel>Display Name</OptionalLabel>}
        name="displayName"
        autoComplete="name"
        maxLength={LIMITS.user.displayNameMax}
        value={form.displayName}
        onChange={set('displayName')}
      />
      <NewPasswordField
        id="register-password"
        label="Password"
        hint={MESSAGES.passwordHint}
        value={form.password}
        onChange={set('password')}
      />
      <SubmitButton busy={register.isPending} busyLabel="Creating account...">
        Register
      </SubmitButton>
    </form>
  );
}

export default function AuthPage() {
  usePageTitle(SITE_ROUTES.auth.title);
  const { user } = useAuth();
  const [params] = useSearchParams();
  const target = safeRedirect(params.get('redirect'));
  const [forgot, setForgot] = useState(params.get('forgot') === '1');
  if (user) {
    if (isServerPage(target)) {
      window.location.replace(target);
      return null;
    }
    return <Navigate to={target} replace />;
  }

  return (
    <div className="container auth">
      <section className="card auth__card" aria-labelledby="auth-heading">
        <h1 id="auth-heading" className="auth__title">
          Sign in to {SITE_NAME}
        </h1>
        <Tabs
          label="Login or register"
          tabs={[
            {
              value: 'login',
              label: 'Login',
              content: forgot ? (
                <ForgotPasswordForm onBack={() => setForgot(false)} />
              ) : (
                <LoginForm onForgot={() => setForgot(true)} />
              ),
            },
            { value: 'register', label: 'Register', content: <RegisterForm /> },
          ]}
        />
      </section>

      <aside className="auth__panel" aria-labelledby="auth-panel-heading">
        <h2 id="auth-panel-heading">Welcome to the {SITE_NAME} Blog</h2>
        <p>Sign in to write for the blog and look after its readers.</p>
        <ul className="auth__benefits">
          {BENEFITS.map((b) => (
            <li key={b.title}>
              <strong>{b.title}</strong>
              <span>{b.text}</span>
            </li>
          ))}
        </ul>
      </aside>
    </div>
  );
}
