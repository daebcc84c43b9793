import { useRef } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { PayBar, payBarSuspended } from '@client/shared/PayBar';

it('suspends exactly when the content bottom is within 440 px of the viewport bottom', () => {
  expect(payBarSuspended(900 + 441, 900)).toBe(false);
  expect(payBarSuspended(900 + 440, 900)).toBe(true);
  expect(payBarSuspended(700, 900)).toBe(true);
});

it('follows scrolling', () => {
  let bottom = 3000;
  function Page() {
    const ref = useRef<HTMLDivElement>(null);
    return (
      <>
        <div ref={ref} data-testid="content" />
        <PayBar contentRef={ref}>Pay</PayBar>
      </>
    );
  }
  render(<Page />);
  const content = screen.getByTestId('content');
  content.getBoundingClientRect = () => ({ bottom }) as DOMRect;
  Object.defineProperty(window, 'innerHeight', { value: 900, configurable: true });
  act(() => void fireEvent.scroll(window));
  expect(screen.getByTestId('pay-bar')).toHaveAttribute('data-suspended', 'false');
  bottom = 1300;
  act(() => void fireEvent.scroll(window));
  expect(screen.getByTestId('pay-bar')).toHaveAttribute('data-suspended', 'true');
  expect(screen.getByTestId('pay-bar')).toHaveClass('mc-pay-bar-suspended');
});

it('without a contentRef follows the element it is placed in, and shows its total before the buttons', () => {
  let bottom = 3000;
  render(
    <div data-testid="content">
      <PayBar total="To settle: 12.00">
        <button>Pay</button>
      </PayBar>
    </div>,
  );
  const content = screen.getByTestId('content');
  content.getBoundingClientRect = () => ({ bottom }) as DOMRect;
  Object.defineProperty(window, 'innerHeight', { value: 900, configurable: true });
  act(() => void fireEvent.scroll(window));
  const bar = screen.getByTestId('pay-bar');
  expect(bar).toHaveAttribute('data-suspended', 'false');
  expect(bar.firstElementChild).toHaveTextContent('To settle: 12.00');
  expect(bar.lastElementChild).toHaveTextContent('Pay');
  bottom = 900 + 440;
  act(() => void fireEvent.scroll(window));
  expect(bar).toHaveAttribute('data-suspended', 'true');
});
