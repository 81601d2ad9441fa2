/**
 * <Link> and <NavLink> for the apps, made from react-router's own building blocks for custom
 * links (`useHref`, `useLinkClickHandler`, `useResolvedPath`: "useful if you need to create
 * custom <Link> components with the same click behavior we use in our exported <Link>").
 * react-router's exported ones also carry framework mode's route prefetching
 * (`prefetch="intent"`, `<PrefetchPageLinks>`, the route manifest), which these apps, routed in
 * declarative mode, never use: about 1.5 KB gz of the first load (docs/design.md).
 */
import type { AnchorHTMLAttributes, MouseEvent, ReactNode, Ref } from 'react';
import { useHref, useLinkClickHandler, useLocation, useResolvedPath, type To } from 'react-router';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  /** Replaces the current history entry instead of adding one. */
  replace?: boolean;
  /** History state the target page reads with useLocation().state. */
  state?: unknown;
  /** A full page load instead of a client-side navigation. */
  reloadDocument?: boolean;
  ref?: Ref<HTMLAnchorElement>;
}

export function Link({ to, replace, state, reloadDocument, target, onClick, ...rest }: LinkProps) {
  const href = useHref(to);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, { replace, state, target });
  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event);
    if (!event.defaultPrevented && !reloadDocument) navigate(event);
  }
  return <a {...rest} href={href} target={target} onClick={handleClick} />;
}

export interface NavLinkProps extends LinkProps {
  /** Active only on exactly this path, not on the paths below it. */
  end?: boolean;
  children?: ReactNode;
}

/** A <Link> that knows it leads to the page shown: aria-current="page" and the class "active". */
export function NavLink({ end, className, ...props }: NavLinkProps) {
  const { pathname } = useLocation();
  const target = useResolvedPath(props.to).pathname;
  const here = pathname.toLowerCase();
  const there = target.toLowerCase();
  const active = here === there || (!end && there !== '/' && here.startsWith(`${there.replace(/\/$/, '')}/`));
  return (
    <Link
      {...props}
      aria-current={active ? 'page' : undefined}
      className={[className, active ? 'active' : undefined].filter(Boolean).join(' ') || undefined}
    />
  );
}
