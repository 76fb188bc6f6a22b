import { useLoaderData } from '@remix-run/react';
import { FormattedMessage } from 'react-intl';
import styled from 'styled-components';

export function loader() {
  return { name: 'floor' };
}

const Title = styled.h1`
  color: #333;
`;

export default function Index() {
  const { name } = useLoaderData<typeof loader>();
  return (
    <Title>
      <FormattedMessage id="floor.greeting" defaultMessage="Hello, {name}" values={{ name }} />
    </Title>
  );
}
