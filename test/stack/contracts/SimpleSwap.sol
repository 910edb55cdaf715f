// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

interface IERC20Minimal {
    function balanceOf(address owner) external view returns (uint256);
    function transfer(address to, uint256 amount) external returns (bool);
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
}

interface IWrappedNative is IERC20Minimal {
    function deposit() external payable;
    function withdraw(uint256 amount) external;
}

/// @title SimplePair
/// @notice Constant-product pool of two tokens with a 0.3 % fee on input. Tokens are sent first, then `mint` or `swap` is called.
contract SimplePair {
    address public immutable router;
    address public immutable token0;
    address public immutable token1;
    uint256 public reserve0;
    uint256 public reserve1;
    uint256 public totalShares;
    mapping(address => uint256) public sharesOf;

    uint256 private unlocked = 1;

    event Mint(address indexed sender, uint256 amount0, uint256 amount1, address indexed to);
    event Swap(
        address indexed sender,
        uint256 amount0In,
        uint256 amount1In,
        uint256 amount0Out,
        uint256 amount1Out,
        address indexed to
    );
    event Sync(uint256 reserve0, uint256 reserve1);

    modifier lock() {
        require(unlocked == 1, "PAIR: locked");
        unlocked = 0;
        _;
        unlocked = 1;
    }

    constructor(address tokenA, address tokenB) {
        router = msg.sender;
        token0 = tokenA;
        token1 = tokenB;
    }

    function getReserves() external view returns (uint256, uint256) {
        return (reserve0, reserve1);
    }

    /// @notice Credits liquidity shares for the tokens sent since the last sync.
    function mint(address to) external lock returns (uint256 shares) {
        uint256 balance0 = IERC20Minimal(token0).balanceOf(address(this));
        uint256 balance1 = IERC20Minimal(token1).balanceOf(address(this));
        uint256 amount0 = balance0 - reserve0;
        uint256 amount1 = balance1 - reserve1;
        if (totalShares == 0) {
            shares = _sqrt(amount0 * amount1);
        } else {
            shares = _min((amount0 * totalShares) / reserve0, (amount1 * totalShares) / reserve1);
        }
        require(shares > 0, "PAIR: liquidity");
        totalShares += shares;
        sharesOf[to] += shares;
        _sync(balance0, balance1);
        emit Mint(msg.sender, amount0, amount1, to);
    }

    /// @notice Sends the requested output, then checks that the input paid for it (x*y=k after the fee).
    function swap(uint256 amount0Out, uint256 amount1Out, address to) external lock {
        require(amount0Out > 0 || amount1Out > 0, "PAIR: output");
        require(amount0Out < reserve0 && amount1Out < reserve1, "PAIR: reserves");
        require(to != token0 && to != token1, "PAIR: to");
        if (amount0Out > 0) _send(token0, to, amount0Out);
        if (amount1Out > 0) _send(token1, to, amount1Out);
        uint256 balance0 = IERC20Minimal(token0).balanceOf(address(this));
        uint256 balance1 = IERC20Minimal(token1).balanceOf(address(this));
        uint256 amount0In = balance0 > reserve0 - amount0Out ? balance0 - (reserve0 - amount0Out) : 0;
        uint256 amount1In = balance1 > reserve1 - amount1Out ? balance1 - (reserve1 - amount1Out) : 0;
        require(amount0In > 0 || amount1In > 0, "PAIR: input");
        require(
            (balance0 * 1000 - amount0In * 3) * (balance1 * 1000 - amount1In * 3) >=
                reserve0 * reserve1 * 1_000_000,
            "PAIR: K"
        );
        _sync(balance0, balance1);
        emit Swap(msg.sender, amount0In, amount1In, amount0Out, amount1Out, to);
    }

    function _send(address token, address to, uint256 amount) private {
        require(IERC20Minimal(token).transfer(to, amount), "PAIR: transfer");
    }

    function _sync(uint256 balance0, uint256 balance1) private {
        reserve0 = balance0;
        reserve1 = balance1;
        emit Sync(balance0, balance1);
    }

    function _min(uint256 a, uint256 b) private pure returns (uint256) {
        return a < b ? a : b;
    }

    function _sqrt(uint256 y) private pure returns (uint256 z) {
        if (y > 3) {
            z = y;
            uint256 x = y / 2 + 1;
            while (x < z) {
                z = x;
                x = (y / x + x) / 2;
            }
        } else if (y != 0) {
            z = 1;
        }
    }
}

/// @title SimpleRouter
/// @notice Pair factory and router in one. The swap functions have the familiar V2 router signatures;
/// the chain's coin is traded through its wrapped token.
contract SimpleRouter {
    mapping(address => mapping(address => address)) public getPair;
    address[] public allPairs;
    /// @notice The wrapped coin (WrappedNative) that stands for ether in paths.
    address public immutable wrappedNative;

    event PairCreated(address indexed token0, address indexed token1, address pair, uint256 index);

    modifier ensure(uint256 deadline) {
        require(deadline >= block.timestamp, "ROUTER: expired");
        _;
    }

    constructor(address wrappedNative_) {
        wrappedNative = wrappedNative_;
    }

    /// @notice Ether arrives only when the wrapped coin is unwrapped for a swap.
    receive() external payable {
        require(msg.sender == wrappedNative, "ROUTER: ether");
    }

    function allPairsLength() external view returns (uint256) {
        return allPairs.length;
    }

    function createPair(address tokenA, address tokenB) public returns (address pair) {
        require(tokenA != tokenB, "ROUTER: identical");
        (address token0, address token1) = tokenA < tokenB ? (tokenA, tokenB) : (tokenB, tokenA);
        require(token0 != address(0), "ROUTER: zero address");
        require(getPair[token0][token1] == address(0), "ROUTER: pair exists");
        pair = address(new SimplePair(token0, token1));
        getPair[token0][token1] = pair;
        getPair[token1][token0] = pair;
        allPairs.push(pair);
        emit PairCreated(token0, token1, pair, allPairs.length);
    }

    /// @notice Reserves of the pool of `tokenA` and `tokenB`, in argument order.
    function getReserves(address tokenA, address tokenB) public view returns (uint256 reserveA, uint256 reserveB) {
        address pair = getPair[tokenA][tokenB];
        require(pair != address(0), "ROUTER: no pair");
        (uint256 reserve0, uint256 reserve1) = SimplePair(pair).getReserves();
        (reserveA, reserveB) = tokenA < tokenB ? (reserve0, reserve1) : (reserve1, reserve0);
    }

    /// @notice Adds liquidity at the pool's ratio, creating the pool if needed.
    function addLiquidity(
        address tokenA,
        address tokenB,
        uint256 amountADesired,
        uint256 amountBDesired,
        uint256 amountAMin,
        uint256 amountBMin,
        address to,
        uint256 deadline
    ) external ensure(deadline) returns (uint256 amountA, uint256 amountB, uint256 liquidity) {
        address pair = getPair[tokenA][tokenB];
        if (pair == address(0)) pair = createPair(tokenA, tokenB);
        (amountA, amountB) = _liquidityAmounts(tokenA, tokenB, amountADesired, amountBDesired);
        require(amountA >= amountAMin && amountB >= amountBMin, "ROUTER: slippage");
        _pull(tokenA, pair, amountA);
        _pull(tokenB, pair, amountB);
        liquidity = SimplePair(pair).mint(to);
    }

    /// @notice Output for `amountIn` against the given reserves, after the 0.3 % fee.
    function getAmountOut(uint256 amountIn, uint256 reserveIn, uint256 reserveOut) public pure returns (uint256) {
        require(amountIn > 0, "ROUTER: amount");
        require(reserveIn > 0 && reserveOut > 0, "ROUTER: liquidity");
        uint256 amountInWithFee = amountIn * 997;
        return (amountInWithFee * reserveOut) / (reserveIn * 1000 + amountInWithFee);
    }

    function getAmountsOut(uint256 amountIn, address[] memory path) public view returns (uint256[] memory amounts) {
        require(path.length >= 2, "ROUTER: path");
        amounts = new uint256[](path.length);
        amounts[0] = amountIn;
        for (uint256 i = 0; i < path.length - 1; i++) {
            (uint256 reserveIn, uint256 reserveOut) = getReserves(path[i], path[i + 1]);
            amounts[i + 1] = getAmountOut(amounts[i], reserveIn, reserveOut);
        }
    }

    function swapExactTokensForTokens(
        uint256 amountIn,
        uint256 amountOutMin,
        address[] calldata path,
        address to,
        uint256 deadline
    ) external ensure(deadline) returns (uint256[] memory amounts) {
        amounts = getAmountsOut(amountIn, path);
        require(amounts[amounts.length - 1] >= amountOutMin, "ROUTER: slippage");
        _pull(path[0], getPair[path[0]][path[1]], amounts[0]);
        _swap(amounts, path, to);
    }

    /// @notice Swaps the ether sent (wrapped first) for at least `amountOutMin` of the path's last token.
    function swapExactETHForTokens(uint256 amountOutMin, address[] calldata path, address to, uint256 deadline)
        external
        payable
        ensure(deadline)
        returns (uint256[] memory amounts)
    {
        require(path[0] == wrappedNative, "ROUTER: path");
        amounts = getAmountsOut(msg.value, path);
        require(amounts[amounts.length - 1] >= amountOutMin, "ROUTER: slippage");
        IWrappedNative(wrappedNative).deposit{value: msg.value}();
        require(IWrappedNative(wrappedNative).transfer(getPair[path[0]][path[1]], msg.value), "ROUTER: transfer");
        _swap(amounts, path, to);
    }

    /// @notice Swaps `amountIn` of the path's first token for at least `amountOutMin` ether.
    function swapExactTokensForETH(
        uint256 amountIn,
        uint256 amountOutMin,
        address[] calldata path,
        address to,
        uint256 deadline
    ) external ensure(deadline) returns (uint256[] memory amounts) {
        require(path[path.length - 1] == wrappedNative, "ROUTER: path");
        amounts = getAmountsOut(amountIn, path);
        uint256 amountOut = amounts[amounts.length - 1];
        require(amountOut >= amountOutMin, "ROUTER: slippage");
        _pull(path[0], getPair[path[0]][path[1]], amounts[0]);
        _swap(amounts, path, address(this));
        IWrappedNative(wrappedNative).withdraw(amountOut);
        (bool sent, ) = to.call{value: amountOut}("");
        require(sent, "ROUTER: ether transfer");
    }

    /// @notice Runs the hops of `path`; the first pair already holds the input.
    function _swap(uint256[] memory amounts, address[] calldata path, address to) private {
        for (uint256 i = 0; i < path.length - 1; i++) {
            (address input, address output) = (path[i], path[i + 1]);
            uint256 amountOut = amounts[i + 1];
            (uint256 amount0Out, uint256 amount1Out) = input < output ? (uint256(0), amountOut) : (amountOut, uint256(0));
            address recipient = i < path.length - 2 ? getPair[output][path[i + 2]] : to;
            SimplePair(getPair[input][output]).swap(amount0Out, amount1Out, recipient);
        }
    }

    function _liquidityAmounts(address tokenA, address tokenB, uint256 amountADesired, uint256 amountBDesired)
        private
        view
        returns (uint256, uint256)
    {
        (uint256 reserveA, uint256 reserveB) = getReserves(tokenA, tokenB);
        if (reserveA == 0 && reserveB == 0) return (amountADesired, amountBDesired);
        uint256 amountBOptimal = (amountADesired * reserveB) / reserveA;
        if (amountBOptimal <= amountBDesired) return (amountADesired, amountBOptimal);
        return ((amountBDesired * reserveA) / reserveB, amountBDesired);
    }

    function _pull(address token, address pair, uint256 amount) private {
        require(IERC20Minimal(token).transferFrom(msg.sender, pair, amount), "ROUTER: transfer");
    }
}
