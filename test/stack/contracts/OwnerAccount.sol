// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title OwnerAccount
/// @notice Minimal contract account for local test chains, as a smart wallet with one owner key is:
/// it accepts (EIP-1271) a 65-byte ECDSA signature of a hash by its owner, and runs a call the owner
/// approved, sent either by the owner itself or by anyone (a relayer paying the gas) carrying the
/// owner's signature of that call.
contract OwnerAccount {
    bytes4 private constant MAGIC_VALUE = 0x1626ba7e;
    bytes4 private constant INVALID = 0xffffffff;
    /// Half the secp256k1 order: larger `s` values are the malleable twin of a valid signature.
    uint256 private constant HALF_ORDER = 0x7FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF5D576E7357A4501DDFE92F46681B20A0;

    address public immutable owner;
    /// Calls run so far: each approval is good for the next call only.
    uint256 public nonce;

    event Executed(uint256 indexed nonce, address indexed to, uint256 value);

    constructor(address owner_) payable {
        owner = owner_;
    }

    receive() external payable {}

    /// @notice EIP-1271: `0x1626ba7e` when `signature` is the owner's signature of `hash`.
    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
        return isOwnerSignature(hash, signature) ? MAGIC_VALUE : INVALID;
    }

    /// @dev True when `signature` (65 bytes, low `s`) is the owner's ECDSA signature of `hash`.
    function isOwnerSignature(bytes32 hash, bytes calldata signature) internal view returns (bool) {
        address signer = recover(hash, signature);
        return signer != address(0) && signer == owner;
    }

    /// @notice What the owner signs (EIP-191) to approve a call: this chain, this account, the
    /// next nonce, and the call itself.
    function executeHash(address to, uint256 value, bytes calldata data, uint256 nonce_) public view returns (bytes32) {
        bytes32 call = keccak256(abi.encode(block.chainid, address(this), nonce_, to, value, keccak256(data)));
        return keccak256(abi.encodePacked("\x19Ethereum Signed Message:\n32", call));
    }

    /// @notice Runs `to.call{value}(data)`: sent by the owner, or with the owner's `signature` of
    /// `executeHash(to, value, data, nonce)`. A failing call reverts with its own reason.
    function execute(address to, uint256 value, bytes calldata data, bytes calldata signature)
        external
        returns (bytes memory result)
    {
        uint256 current = nonce;
        if (msg.sender != owner) {
            require(isOwnerSignature(executeHash(to, value, data, current), signature), "ACCOUNT: not approved");
        }
        nonce = current + 1;
        bool ok;
        (ok, result) = to.call{value: value}(data);
        if (!ok) {
            assembly {
                revert(add(result, 32), mload(result))
            }
        }
        emit Executed(current, to, value);
    }

    /// The signer of `hash`, or address(0) for a malformed or malleable signature.
    function recover(bytes32 hash, bytes calldata signature) private pure returns (address) {
        if (signature.length != 65) return address(0);
        bytes32 r;
        bytes32 s;
        uint8 v;
        assembly {
            r := calldataload(signature.offset)
            s := calldataload(add(signature.offset, 32))
            v := byte(0, calldataload(add(signature.offset, 64)))
        }
        if (v < 27) v += 27;
        if (uint256(s) > HALF_ORDER) return address(0);
        return ecrecover(hash, v, r, s);
    }
}

/// @title OwnerAccountFactory
/// @notice Deploys one OwnerAccount per owner at an address that depends only on the factory and the
/// owner (CREATE2), so a factory deployed at the same address on several chains gives each owner the
/// same account address on all of them.
contract OwnerAccountFactory {
    event AccountCreated(address indexed owner, address account);

    /// @notice The account of `owner`, deployed (with any ether sent along) if it is not yet.
    function create(address owner) external payable returns (address account) {
        account = addressOf(owner);
        if (account.code.length == 0) {
            account = address(new OwnerAccount{salt: bytes32(uint256(uint160(owner))), value: msg.value}(owner));
            emit AccountCreated(owner, account);
        } else if (msg.value > 0) {
            (bool ok,) = account.call{value: msg.value}("");
            require(ok, "FACTORY: transfer failed");
        }
    }

    /// @notice Where the account of `owner` is, deployed or not.
    function addressOf(address owner) public view returns (address) {
        bytes32 code = keccak256(abi.encodePacked(type(OwnerAccount).creationCode, abi.encode(owner)));
        bytes32 hash = keccak256(abi.encodePacked(bytes1(0xff), address(this), bytes32(uint256(uint160(owner))), code));
        return address(uint160(uint256(hash)));
    }
}
