import { cloneElement, useEffect, useRef, useState, type FocusEvent, type PointerEvent, type ReactElement, type TouchEvent } from 'react';
import { Tooltip } from '@mui/material';

/** MUI's Tooltip's own delays: a long press, and how long the title stays after the finger lifts. */
const LONG_PRESS_MS = 700;
const AFTER_TOUCH_MS = 1500;

type Handler<E> = ((event: E) => void) | undefined;
type ChildProps = {
  'aria-label'?: string;
  onPointerEnter?: Handler<PointerEvent<HTMLElement>>;
  onPointerLeave?: Handler<PointerEvent<HTMLElement>>;
  onFocus?: Handler<FocusEvent<HTMLElement>>;
  onBlur?: Handler<FocusEvent<HTMLElement>>;
  onTouchStart?: Handler<TouchEvent<HTMLElement>>;
  onTouchEnd?: Handler<TouchEvent<HTMLElement>>;
};

/** Calls the child's own handler, then ours. */
function both<E>(own: Handler<E>, ours: (event: E) => void) {
  return (event: E) => {
    own?.(event);
    ours(event);
  };
}

/** The title's state: where it shows (once shown, its Tooltip stays mounted so that it fades out) and whether it is open. */
function useHint() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const cancel = () => clearTimeout(timer.current);
  const show = (element: HTMLElement, delay: number) => {
    cancel();
    timer.current = setTimeout(() => {
      setAnchor(element);
      setOpen(true);
    }, delay);
  };
  const hide = (delay = 0) => {
    cancel();
    if (delay) timer.current = setTimeout(() => setOpen(false), delay);
    else setOpen(false);
  };
  return { anchor, open, show, hide, cancel };
}

/**
 * A control's title in MUI's Tooltip, mounted when it first shows rather than with the control:
 * at a mouse hover, a keyboard focus or a long press, as MUI's Tooltip shows it. The control
 * itself is drawn as it is (no wrapper, so it is never remounted), named by the title. MUI's
 * Tooltip on each app-bar control was a large share of every signed-in page's start-up on a
 * throttled phone (docs/decisions/0258).
 */
export function LazyTooltip({
  title,
  enterDelay = 100,
  children,
}: {
  title: string;
  enterDelay?: number;
  children: ReactElement<ChildProps>;
}) {
  const { anchor, open, show, hide, cancel } = useHint();
  const own = children.props;
  const control = cloneElement(children, {
    'aria-label': own['aria-label'] ?? title,
    // A touch's emulated mouse events are not pointer events of type 'mouse': a tap shows nothing.
    onPointerEnter: both(own.onPointerEnter, (event) => event.pointerType === 'mouse' && show(event.currentTarget, enterDelay)),
    onPointerLeave: both(own.onPointerLeave, (event) => event.pointerType === 'mouse' && hide()),
    // As MUI's Tooltip: a focus from the keyboard shows the title, a click's or a tap's does not.
    onFocus: both(own.onFocus, (event) => event.currentTarget.matches(':focus-visible') && show(event.currentTarget, 0)),
    onBlur: both(own.onBlur, () => hide()),
    onTouchStart: both(own.onTouchStart, (event) => show(event.currentTarget, LONG_PRESS_MS)),
    onTouchEnd: both(own.onTouchEnd, () => (open ? hide(AFTER_TOUCH_MS) : cancel())),
  });
  return (
    <>
      {control}
      {anchor && (
        // The Tooltip's own listeners are off: the control's above open and close it, and
        // Escape (the Tooltip's) closes it. Its child is a hidden stand-in; it shows at the control.
        <Tooltip
          title={title}
          open={open}
          onClose={() => hide()}
          disableHoverListener
          disableFocusListener
          disableTouchListener
          disableInteractive
          slotProps={{ popper: { anchorEl: anchor } }}
        >
          <span hidden />
        </Tooltip>
      )}
    </>
  );
}
