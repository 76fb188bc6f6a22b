// The look shared by the match modal, the like modal and the icebreaker modal: a round photo that
// opens the profile, a title with the fictional mark where it applies, a line of text and one
// main button.
import styled, { css } from 'styled-components';
import { ModalBody } from '../modals/modal';

export const PhotoModalBody = styled(ModalBody)`
  display: grid;
  justify-items: center;
  gap: ${({ theme }) => theme.space(3)};
  padding-top: ${({ theme }) => theme.space(8)};
  background: linear-gradient(180deg, ${({ theme }) => theme.colors.secondary} 0, ${({ theme }) => theme.colors.background} 45%);

  h2 {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space(2)};
    margin: 0;
    font-family: ${({ theme }) => theme.fonts.heading};
    font-size: ${({ theme }) => theme.fontSizes.xxl};
    color: ${({ theme }) => theme.colors.primary};
  }

  p {
    margin: 0;
  }
`;

/** A round photo (or the name's initial) in a ring of the theme's colour; a button or a link. */
export const photoRing = css`
  position: relative;
  display: block;
  padding: 0;
  border: 4px solid ${({ theme }) => theme.colors.background};
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.secondary};
  box-shadow: 0 0 0 4px ${({ theme }) => theme.colors.primary}, ${({ theme }) => theme.shadows.raised};
  cursor: pointer;
  overflow: hidden;

  img,
  span {
    display: grid;
    place-items: center;
    width: 148px;
    height: 148px;
    object-fit: cover;
    color: ${({ theme }) => theme.colors.primary};
    font-size: 3.5rem;
    font-weight: 800;
  }
`;

export const PhotoButton = styled.button`
  ${photoRing}

  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.dark};
    outline-offset: 4px;
  }
`;

export const HeartBurst = styled.span`
  position: absolute;
  right: -2px;
  bottom: -2px;
  display: grid;
  place-items: center;
  width: 44px;
  height: 44px;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.onPrimary};
  box-shadow: ${({ theme }) => theme.shadows.card};

  svg {
    fill: currentColor;
  }
`;

export const PhotoFrame = styled.div`
  position: relative;
`;

export const ModalActions = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  width: 100%;
  margin-top: ${({ theme }) => theme.space(2)};

  > * {
    width: 100%;
  }
`;

export const TextButton = styled.button`
  min-height: 44px;
  border: 0;
  background: none;
  color: ${({ theme }) => theme.colors.textMuted};
  font: inherit;
  text-decoration: underline;
  cursor: pointer;
`;
