import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { Link, NavLink } from './router-links.js';

afterEach(cleanup);

function Where() {
  const location = useLocation();
  return (
    <output aria-label="where">
      {location.pathname} {JSON.stringify(location.state ?? null)}
    </output>
  );
}

function at(path: string, links: ReactNode) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      {links}
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('Link', () => {
  it('is a real link to the path and navigates without a page load, with its state', () => {
    at(
      '/sv/',
      <Link to="/sv/faq" state={{ from: 'start' }}>
        Frågor
      </Link>,
    );
    const link = screen.getByRole('link', { name: 'Frågor' });
    expect(link.getAttribute('href')).toBe('/sv/faq');
    const notPrevented = fireEvent.click(link);
    expect(notPrevented).toBe(false); // the router took the click: no page load
    expect(screen.getByLabelText('where').textContent).toBe('/sv/faq {"from":"start"}');
  });

  it('leaves a modified click (new tab) and reloadDocument to the browser', () => {
    at(
      '/sv/',
      <>
        <Link to="/sv/faq">Frågor</Link>
        <Link to="/sv/" reloadDocument>
          Börja om
        </Link>
      </>,
    );
    expect(fireEvent.click(screen.getByRole('link', { name: 'Frågor' }), { ctrlKey: true })).toBe(true);
    expect(fireEvent.click(screen.getByRole('link', { name: 'Börja om' }))).toBe(true);
    expect(screen.getByLabelText('where').textContent).toBe('/sv/ null');
  });

  it('does not navigate when its own onClick prevented the default', () => {
    at(
      '/sv/',
      <Link to="/sv/faq" onClick={(e) => e.preventDefault()}>
        Frågor
      </Link>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'Frågor' }));
    expect(screen.getByLabelText('where').textContent).toBe('/sv/ null');
  });
});

describe('NavLink', () => {
  const nav = (
    <nav>
      <NavLink to="/admin" end>
        Översikt
      </NavLink>
      <NavLink to="/admin/attendees" className="item">
        Deltagare
      </NavLink>
    </nav>
  );

  it('marks the page shown: aria-current and the class active', () => {
    at('/admin/attendees', nav);
    const here = screen.getByRole('link', { name: 'Deltagare' });
    expect(here.getAttribute('aria-current')).toBe('page');
    expect(here.className).toBe('item active');
    // `end`: the overview is not current on a page below it.
    expect(screen.getByRole('link', { name: 'Översikt' }).hasAttribute('aria-current')).toBe(false);
  });

  it('without end, a page below it counts as current; a path that only starts alike does not', () => {
    at('/admin/attendees/42', nav);
    expect(screen.getByRole('link', { name: 'Deltagare' }).getAttribute('aria-current')).toBe('page');
    cleanup();
    at('/admin/attendeesX', nav);
    expect(screen.getByRole('link', { name: 'Deltagare' }).hasAttribute('aria-current')).toBe(false);
  });

  it('follows navigation', () => {
    at('/admin', nav);
    expect(screen.getByRole('link', { name: 'Översikt' }).getAttribute('aria-current')).toBe('page');
    fireEvent.click(screen.getByRole('link', { name: 'Deltagare' }));
    expect(screen.getByRole('link', { name: 'Deltagare' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Översikt' }).hasAttribute('aria-current')).toBe(false);
  });
});
