import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { App } from 'antd';
import {
  NEWSLETTER_ISSUE_MESSAGES as M,
  type AdminNewsletterIssue,
  type NewsletterIssueState,
} from '@studio/shared';
import { getIssue, pauseIssue, resumeIssue } from '../newsletter/service';
import NewsletterIssuePage from '.';

jest.mock('../newsletter/service', () => ({
  ...jest.requireActual('../newsletter/service'),
  getIssue: jest.fn(),
  pauseIssue: jest.fn(),
  resumeIssue: jest.fn(),
}));
// The editor is not shown once an issue has left the draft state.
jest.mock('../post-editor/components/rich-text-editor', () => ({ RichTextEditor: () => null }));

const get = getIssue as jest.MockedFunction<typeof getIssue>;
const pause = pauseIssue as jest.MockedFunction<typeof pauseIssue>;
const resume = resumeIssue as jest.MockedFunction<typeof resumeIssue>;

const issue = (state: NewsletterIssueState, sent: number): AdminNewsletterIssue => ({
  id: 5,
  subject: 'March news',
  preheader: '',
  bodyHtml: '<p>Hello</p>',
  state,
  createdBy: 'admin',
  sentBy: 'admin',
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
  sendStartedAt: '2026-03-01T10:00:00.000Z',
  sentAt: null,
  progress: { recipients: 10, sent, failed: 0, skipped: 0, remaining: 10 - sent },
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <App>
        <MemoryRouter initialEntries={['/admin/newsletter/5']}>
          <Routes>
            <Route path="/admin/newsletter/:issueId" element={<NewsletterIssuePage />} />
          </Routes>
        </MemoryRouter>
      </App>
    </QueryClientProvider>,
  );
}

beforeAll(() => {
  // antd reads these; jsdom has neither.
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
    onchange: null,
  })) as typeof window.matchMedia;
});
beforeEach(() => jest.resetAllMocks());
// antd renders slowly in jsdom on a busy machine.
jest.setTimeout(60_000);
const slow = { timeout: 20_000 };

describe('newsletter issue page: pause and resume', () => {
  it('offers Pause while sending, and once paused shows the state, why, and Resume', async () => {
    get.mockResolvedValue({ issue: issue('sending', 3), audience: 10 });
    pause.mockResolvedValue({ success: true, message: 'Sending paused', issue: issue('paused', 4) });
    renderPage();

    const pauseButton = await screen.findByText('Pause sending', {}, slow);
    expect(screen.queryByText('Resume sending')).toBeNull();
    expect(screen.queryByText(M.paused)).toBeNull();
    get.mockResolvedValue({ issue: issue('paused', 4), audience: 10 });
    fireEvent.click(pauseButton);

    await waitFor(() => expect(pause).toHaveBeenCalledWith(5), slow);
    expect(await screen.findByText(M.paused, {}, slow)).toBeTruthy();
    expect(screen.getByText('Paused')).toBeTruthy();
    expect(screen.getByTestId('issue-progress').textContent).toContain(
      '4 sent · 0 failed · 0 skipped · 6 remaining',
    );
    expect(screen.getByText('Resume sending')).toBeTruthy();
    expect(screen.queryByText('Pause sending')).toBeNull();
  });

  it('resumes a paused issue after confirming, then offers Pause again', async () => {
    get.mockResolvedValue({ issue: issue('paused', 4), audience: 10 });
    resume.mockResolvedValue({ success: true, message: 'Sending resumed', issue: issue('sending', 4) });
    renderPage();

    fireEvent.click(await screen.findByText('Resume sending', {}, slow));
    expect(await screen.findByText(/6 subscribers not mailed yet/, {}, slow)).toBeTruthy();
    expect(resume).not.toHaveBeenCalled();
    get.mockResolvedValue({ issue: issue('sending', 4), audience: 10 });
    fireEvent.click(screen.getByText('Resume'));

    await waitFor(() => expect(resume).toHaveBeenCalledWith(5), slow);
    expect(await screen.findByText('Pause sending', {}, slow)).toBeTruthy();
    expect(screen.queryByText(M.paused)).toBeNull();
  });
});
