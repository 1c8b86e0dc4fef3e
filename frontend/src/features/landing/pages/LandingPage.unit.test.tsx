import { act, screen, within } from '@testing-library/react';
import { settle } from '../../../test/render';
import userEvent from '@testing-library/user-event';
import { PublicLayout } from '../../../app/layouts/PublicLayout';
import { Route, Routes } from 'react-router-dom';
import { authState, renderWithApp } from '../../../test/render';
import LandingPage from './LandingPage';

const landing = (
  <Routes>
    <Route element={<PublicLayout />}>
      <Route index element={<LandingPage />} />
    </Route>
  </Routes>
);

describe('LandingPage (spec §1)', () => {
  it('offers Join Now (to sign in) and Post a Job', async () => {
    renderWithApp(landing, { auth: authState() });
    await settle();
    expect(screen.getByRole('link', { name: 'Join Now' }).getAttribute('href')).toMatch(/^\/auth-Container/);
    expect(screen.getByRole('link', { name: 'Post a Job' })).toHaveAttribute('href', '/post-job');
  });

  it('lists the six features', async () => {
    renderWithApp(landing, { auth: authState() });
    await settle();
    const features = screen.getByRole('region', { name: 'Everything you need to get placed' });
    expect(within(features).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'Exclusive Job Listings',
      'AI Resume Review',
      'One-Click Applications',
      'Interview Insights',
      'Training & Events',
      'Internship & Placement Tracking',
    ]);
  });

  it('shows the top hiring companies as labelled images', async () => {
    renderWithApp(landing, { auth: authState() });
    await settle();
    const companies = screen.getByRole('region', { name: 'Top Hiring Companies' });
    expect(within(companies).getAllByRole('img').length).toBeGreaterThanOrEqual(6);
  });

  it('answers three questions in an accordion, opened by keyboard', async () => {
    const user = userEvent.setup();
    renderWithApp(landing, { auth: authState() });
    const faq = screen.getByRole('region', { name: 'Frequently Asked Questions' });
    const questions = await within(faq).findAllByRole('button');
    expect(questions.map((question) => question.textContent)).toEqual(['How do I apply for a job?', 'Who is eligible to apply?', 'How can I track my application status?']);
    expect(questions[2]).toHaveAttribute('aria-expanded', 'false');
    questions[2]!.focus();
    await user.keyboard('{Enter}');
    expect(questions[2]).toHaveAttribute('aria-expanded', 'true');
    expect(within(faq).getByText(/Open My Applications/)).toBeInTheDocument();
  });

  it('has a footer with contact details, social links and the quick links', async () => {
    renderWithApp(landing, { auth: authState() });
    await settle();
    const footer = screen.getByRole('contentinfo');
    const quick = within(footer).getByRole('navigation', { name: 'Quick Links' });
    expect(within(quick).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Home', '/'],
      ['About', '/about'],
      ['Jobs', '/jobs'],
      ['Placements', '/placements'],
      ['FAQ', '/faq'],
      ['Contact', '/contact'],
    ]);
    expect(within(footer).getByRole('link', { name: 'placements@university.edu' })).toHaveAttribute('href', 'mailto:placements@university.edu');
    expect(within(footer).getByRole('link', { name: 'LinkedIn (opens in a new tab)' })).toHaveAttribute('target', '_blank');
  });
});

describe('the FAQ before it is in view', () => {
  const observers: { callback: IntersectionObserverCallback; disconnect: jest.Mock }[] = [];
  beforeEach(() => {
    observers.length = 0;
    Object.defineProperty(window, 'IntersectionObserver', {
      configurable: true,
      writable: true,
      value: jest.fn((callback: IntersectionObserverCallback) => {
        const observer = { callback, observe: jest.fn(), disconnect: jest.fn() };
        observers.push(observer);
        return observer;
      }),
    });
  });
  afterEach(() => {
    delete (window as { IntersectionObserver?: unknown }).IntersectionObserver;
  });

  it('shows the questions, and loads the accordion when the section comes near', async () => {
    renderWithApp(landing, { auth: authState() });
    const faq = screen.getByRole('region', { name: 'Frequently Asked Questions' });
    expect(within(faq).getByText('Who is eligible to apply?')).toBeInTheDocument();
    expect(within(faq).queryByRole('button')).not.toBeInTheDocument();
    await act(async () => observers[0]!.callback([{ isIntersecting: true } as IntersectionObserverEntry], observers[0] as unknown as IntersectionObserver));
    expect(await within(faq).findAllByRole('button')).toHaveLength(3);
    expect(observers[0]!.disconnect).toHaveBeenCalled();
  });
});
